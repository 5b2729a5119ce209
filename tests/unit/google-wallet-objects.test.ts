import { generateKeyPairSync } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { resolveTheme } from "@/lib/business/theme";
import type { PassContent } from "@/lib/db/wallet-pass";
import { describeProgress } from "@/lib/loyalty";
import {
  accountIdFor,
  classIdFor,
  logoUrlFor,
  loyaltyClassFor,
  loyaltyObjectFor,
  objectIdFor,
  sanitiseIdPart,
  sixDigitHex,
  type PassLabels,
} from "@/lib/wallet/google/objects";
import { saveClaimsFor, saveUrlFor, signSaveJwt } from "@/lib/wallet/google/save-link";

// The Google Wallet card of a membership (lib/wallet/google): the loyalty
// class per business, the loyalty object per membership, and the signed
// "Add to Google Wallet" link that carries them.

const ISSUER = "3388000000022212345";
const SITE = "https://loyaltap.example";
const labels: PassLabels = {
  stamps: "Stamps",
  points: "Points",
  visits: "Visits",
  progress: "Progress",
  rewardsReady: "Rewards ready",
  reward: "Reward",
  businessPage: "Business page",
};

function content(overrides: Partial<PassContent> = {}): PassContent {
  return {
    membershipId: "0192f1c4-7a7e-7c3d-9e41-5b2a9c0d1e2f",
    userId: "user-1",
    language: "en",
    customerName: "Ada Lovelace",
    businessId: "0192f1c4-0000-7000-8000-00000000cafe",
    businessName: "Café Central",
    slug: "cafe-central",
    logoUrl: "https://cdn.example/logo.png",
    theme: resolveTheme({ primaryColor: "#a3c" }),
    timeZone: "Europe/Madrid",
    mainProgram: {
      id: "program-1",
      type: "stamps",
      name: "Coffee card",
      rewardName: "Free coffee",
      progress: describeProgress("stamps", { stampsRequired: 10 }, { count: 3, total: 3 }),
    },
    readyRewards: 2,
    qrPayload: `${SITE}/qr/user-1`,
    businessUrl: `${SITE}/b/cafe-central`,
    memberSince: new Date("2026-01-02T10:00:00Z"),
    ...overrides,
  };
}

describe("ids", () => {
  test("the class is <issuer>.<business id>, the object <issuer>.<membership id>, in Google's alphabet", () => {
    expect(classIdFor(ISSUER, "0192f1c4-0000-7000-8000-00000000cafe")).toBe(
      `${ISSUER}.0192f1c4-0000-7000-8000-00000000cafe`,
    );
    expect(objectIdFor(ISSUER, "m-1")).toBe(`${ISSUER}.m-1`);
    expect(sanitiseIdPart("café central/1 ünïcode")).toBe("caf__central_1__n_code");
    expect(sanitiseIdPart("a.b_c-D9")).toBe("a.b_c-D9");
  });

  test("the member number is short and stable", () => {
    expect(accountIdFor("0192f1c4-7a7e-7c3d-9e41-5b2a9c0d1e2f")).toBe("5B2A9C0D1E2F");
  });
});

describe("the loyalty class of a business", () => {
  test("its name, its logo as an absolute URL, its colour and the issuer's name", () => {
    expect(loyaltyClassFor(content(), { issuerId: ISSUER, siteUrl: SITE })).toEqual({
      id: `${ISSUER}.0192f1c4-0000-7000-8000-00000000cafe`,
      issuerName: "Café Central",
      programName: "Café Central",
      programLogo: { sourceUri: { uri: "https://cdn.example/logo.png" } },
      hexBackgroundColor: "#aa33cc",
      reviewStatus: "UNDER_REVIEW",
      homepageUri: { uri: `${SITE}/b/cafe-central`, description: "Café Central" },
    });
  });

  test("a logo path is taken on our site; no logo (or a bad one) is the app's icon", () => {
    expect(logoUrlFor("/uploads/logo.png", SITE)).toBe(`${SITE}/uploads/logo.png`);
    expect(logoUrlFor(null, SITE)).toBe(`${SITE}/icons/icon-512.png`);
    expect(logoUrlFor("javascript:alert(1)", SITE)).toBe(`${SITE}/icons/icon-512.png`);
    expect(sixDigitHex("#4F46E5")).toBe("#4f46e5");
    expect(sixDigitHex("red")).toBe("#4f46e5");
  });
});

describe("the loyalty object of a membership", () => {
  test("stamps read 3/10, rewards ready are the secondary balance, the QR is the customer's own", () => {
    const object = loyaltyObjectFor(content(), { issuerId: ISSUER, labels });
    expect(object).toEqual({
      id: `${ISSUER}.0192f1c4-7a7e-7c3d-9e41-5b2a9c0d1e2f`,
      classId: `${ISSUER}.0192f1c4-0000-7000-8000-00000000cafe`,
      state: "ACTIVE",
      accountId: "5B2A9C0D1E2F",
      accountName: "Ada Lovelace",
      loyaltyPoints: { label: "Stamps", balance: { string: "3/10" } },
      secondaryLoyaltyPoints: { label: "Rewards ready", balance: { int: 2 } },
      barcode: { type: "QR_CODE", value: `${SITE}/qr/user-1` },
      textModulesData: [{ id: "program", header: "Coffee card", body: "Reward: Free coffee" }],
      linksModuleData: { uris: [{ id: "business", uri: `${SITE}/b/cafe-central`, description: "Business page" }] },
    });
  });

  test("points and visits show their count; another type its progress; no program, no balance", () => {
    const main = (type: string, rules: unknown, count: number) => ({
      id: "p",
      type,
      name: "Program",
      rewardName: "Gift",
      progress: describeProgress(type, rules, { count, total: count }),
    });
    const points = loyaltyObjectFor(
      content({ mainProgram: main("points", { pointsPerVisit: 10, threshold: 100 }, 40) }),
      {
        issuerId: ISSUER,
        labels,
      },
    );
    expect(points.loyaltyPoints).toEqual({ label: "Points", balance: { int: 40 } });
    const visits = loyaltyObjectFor(content({ mainProgram: main("visits", { visitsRequired: 5 }, 4) }), {
      issuerId: ISSUER,
      labels,
    });
    expect(visits.loyaltyPoints).toEqual({ label: "Visits", balance: { int: 4 } });
    const challenge = loyaltyObjectFor(
      content({ mainProgram: main("challenge", { visitsRequired: 3, withinDays: 7 }, 1) }),
      { issuerId: ISSUER, labels },
    );
    expect(challenge.loyaltyPoints?.label).toBe("Progress");
    const bare = loyaltyObjectFor(content({ mainProgram: null, customerName: null, readyRewards: 0 }), {
      issuerId: ISSUER,
      labels,
    });
    expect(bare.loyaltyPoints).toBeUndefined();
    expect(bare.accountName).toBeUndefined();
    expect(bare.textModulesData).toBeUndefined();
    expect(bare.secondaryLoyaltyPoints).toEqual({ label: "Rewards ready", balance: { int: 0 } });
  });

  test("a voided object is INACTIVE", () => {
    expect(loyaltyObjectFor(content(), { issuerId: ISSUER, labels, state: "INACTIVE" }).state).toBe("INACTIVE");
  });
});

describe("the save link", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const email = "wallet@loyaltap-project.iam.gserviceaccount.com";

  test("an RS256 JWT of the service account that verifies with its public key and carries the card", async () => {
    const loyaltyClass = loyaltyClassFor(content(), { issuerId: ISSUER, siteUrl: SITE });
    const loyaltyObject = loyaltyObjectFor(content(), { issuerId: ISSUER, labels });
    const now = new Date("2026-03-01T12:00:00Z");
    const jwt = await signSaveJwt(
      saveClaimsFor({ serviceAccountEmail: email, siteUrl: SITE, loyaltyClass, loyaltyObject, now }),
      privateKey,
    );
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: "RS256", typ: "JWT" });
    const { payload } = await jwtVerify(jwt, publicKey, { issuer: email, audience: "google", algorithms: ["RS256"] });
    expect(payload).toEqual({
      iss: email,
      aud: "google",
      typ: "savetowallet",
      iat: now.getTime() / 1000,
      origins: [SITE],
      payload: { loyaltyClasses: [loyaltyClass], loyaltyObjects: [loyaltyObject] },
    });
    const saved = (payload.payload as { loyaltyObjects: { id: string; classId: string }[] }).loyaltyObjects[0]!;
    expect(saved.classId).toBe(`${ISSUER}.${content().businessId}`);
    expect(saved.id).toBe(`${ISSUER}.${content().membershipId}`);

    const url = saveUrlFor(jwt);
    expect(url.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
    expect(decodeJwt(url.slice("https://pay.google.com/gp/v/save/".length))).toEqual(payload);
  });

  test("another key's signature does not verify", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwt = await signSaveJwt(
      saveClaimsFor({
        serviceAccountEmail: email,
        siteUrl: SITE,
        loyaltyObject: loyaltyObjectFor(content(), { issuerId: ISSUER, labels }),
      }),
      other.privateKey,
    );
    await expect(jwtVerify(jwt, publicKey)).rejects.toThrow();
    expect((decodeJwt(jwt).payload as { loyaltyClasses?: unknown }).loyaltyClasses).toBeUndefined();
  });
});

describe("a card of a business closed for the season", () => {
  const closed = { header: "Closed for the season", body: "Closed until 1 March" };

  test("carries the notice as its first text module while closed", () => {
    const object = loyaltyObjectFor(content({ closed: { until: "2027-03-01" } }), { issuerId: ISSUER, labels, closed });
    expect(object.textModulesData).toEqual([
      { id: "closed", header: "Closed for the season", body: "Closed until 1 March" },
      { id: "program", header: "Coffee card", body: "Reward: Free coffee" },
    ]);
  });

  test("open again, it sends its modules without the notice, even none: a patch keeps what it does not send", () => {
    expect(loyaltyObjectFor(content({ closed: null }), { issuerId: ISSUER, labels }).textModulesData).toEqual([
      { id: "program", header: "Coffee card", body: "Reward: Free coffee" },
    ]);
    const bare = loyaltyObjectFor(content({ closed: null, mainProgram: null }), { issuerId: ISSUER, labels });
    expect(bare.textModulesData).toEqual([]);
  });
});
