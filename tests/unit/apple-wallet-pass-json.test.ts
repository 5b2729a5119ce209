import { contrastRatio, resolveTheme } from "@/lib/business/theme";
import type { PassContent } from "@/lib/db/wallet-pass";
import { describeProgress } from "@/lib/loyalty";
import {
  hexToRgb,
  passColorsFor,
  passJsonFor,
  rgbString,
  showsStampStrip,
  voidedPassJsonFor,
  type ApplePassLabels,
  type PassField,
  type PassIdentity,
} from "@/lib/wallet/apple/pass-json";

// The pass.json of a membership's Apple Wallet card (lib/wallet/apple/pass-json.ts):
// what Wallet shows on the card and how it finds the web service again.

const SITE = "https://loyaltap.example";
const identity: PassIdentity = {
  passTypeIdentifier: "pass.example.loyaltap",
  teamIdentifier: "TEAM123456",
  serialNumber: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  authenticationToken: "secret-token-of-the-pass-0123456789abcdef",
  webServiceURL: `${SITE}/api/wallet/apple`,
};
const labels: ApplePassLabels = {
  stamps: "Stamps",
  points: "Points",
  visits: "Visits",
  progress: "Progress",
  rewardsReady: "Rewards ready",
  reward: "Reward",
  member: "Member",
  memberSince: "Member since",
  program: "Program",
  businessPage: "Business card",
  progressChanged: "Your card now shows %@.",
  rewardsChanged: "Rewards ready: %@",
  voided: "This card is no longer valid.",
  description: "Café Central loyalty card",
};
const options = { ...identity, labels, formatDate: (date: Date) => date.toISOString().slice(0, 10) };

const main = (type: string, rules: unknown, count: number) => ({
  id: "program-1",
  type,
  name: "Coffee card",
  rewardName: "Free coffee",
  progress: describeProgress(type, rules, { count, total: count }),
});

function content(overrides: Partial<PassContent> = {}): PassContent {
  return {
    membershipId: "0192f1c4-7a7e-7c3d-9e41-5b2a9c0d1e2f",
    userId: "user-1",
    language: "en",
    customerName: "Ada Lovelace",
    businessId: "business-1",
    businessName: "Café Central",
    slug: "cafe-central",
    logoUrl: null,
    theme: resolveTheme({ primaryColor: "#a3c" }),
    timeZone: "Europe/Madrid",
    mainProgram: main("stamps", { stampsRequired: 10 }, 3),
    readyRewards: 2,
    qrPayload: `${SITE}/qr/user-1`,
    businessUrl: `${SITE}/b/cafe-central`,
    memberSince: new Date("2026-01-02T10:00:00Z"),
    ...overrides,
  };
}

const keys = (fields: PassField[]) => fields.map((field) => field.key);

describe("a live card", () => {
  test("carries the pass's identity, the web service, the business's name and colours and the personal QR", () => {
    const json = passJsonFor(content(), options);
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: "pass.example.loyaltap",
      teamIdentifier: "TEAM123456",
      serialNumber: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      authenticationToken: "secret-token-of-the-pass-0123456789abcdef",
      webServiceURL: "https://loyaltap.example/api/wallet/apple",
      organizationName: "Café Central",
      logoText: "Café Central",
      description: "Café Central loyalty card",
      backgroundColor: "rgb(170, 51, 204)",
      foregroundColor: "rgb(255, 255, 255)",
      sharingProhibited: true,
      barcodes: [{ format: "PKBarcodeFormatQR", message: `${SITE}/qr/user-1`, messageEncoding: "iso-8859-1" }],
    });
    expect(json.voided).toBeUndefined();
  });

  test("a stamp card shows its count in the header (the strip draws the stamps), the member and the reward", () => {
    const { storeCard } = passJsonFor(content(), options);
    expect(storeCard.headerFields).toEqual([
      {
        key: "progress",
        label: "Stamps",
        value: "3/10",
        changeMessage: "Your card now shows %@.",
        textAlignment: "PKTextAlignmentRight",
      },
    ]);
    // Nothing is written over the strip.
    expect(storeCard.primaryFields).toEqual([]);
    expect(storeCard.secondaryFields).toEqual([
      { key: "member", label: "Member", value: "Ada Lovelace" },
      { key: "reward", label: "Reward", value: "Free coffee" },
    ]);
    expect(storeCard.auxiliaryFields).toEqual([
      {
        key: "rewards",
        label: "Rewards ready",
        value: 2,
        changeMessage: "Rewards ready: %@",
        textAlignment: "PKTextAlignmentRight",
      },
    ]);
    expect(showsStampStrip(content().mainProgram)).toBe(true);
  });

  test("points and visits are the big number; another type reads current/target", () => {
    const points = passJsonFor(
      content({ mainProgram: main("points", { pointsPerVisit: 10, threshold: 100 }, 40) }),
      options,
    );
    expect(points.storeCard.primaryFields).toEqual([
      { key: "progress", label: "Points", value: 40, changeMessage: "Your card now shows %@." },
    ]);
    expect(points.storeCard.headerFields).toEqual([]);
    const visits = passJsonFor(content({ mainProgram: main("visits", { visitsRequired: 5 }, 4) }), options);
    expect(visits.storeCard.primaryFields[0]).toMatchObject({ label: "Visits", value: 4 });
    const challenge = passJsonFor(
      content({ mainProgram: main("challenge", { visitsRequired: 3, withinDays: 7 }, 1) }),
      options,
    );
    expect(challenge.storeCard.primaryFields[0]).toMatchObject({ label: "Progress", value: "1/3" });
    expect(showsStampStrip(main("points", { pointsPerVisit: 10, threshold: 100 }, 40))).toBe(false);
  });

  test("no running program: no progress and no reward, the rewards ready still show", () => {
    const { storeCard } = passJsonFor(content({ mainProgram: null, readyRewards: 1 }), options);
    expect(storeCard.headerFields).toEqual([]);
    expect(storeCard.primaryFields).toEqual([]);
    expect(keys(storeCard.secondaryFields)).toEqual(["member"]);
    expect(storeCard.auxiliaryFields[0]).toMatchObject({ value: 1 });
    expect(keys(storeCard.backFields)).toEqual(["memberSince", "business"]);
  });

  test("a customer without a name has no member field", () => {
    const { storeCard } = passJsonFor(content({ customerName: "  " }), options);
    expect(keys(storeCard.secondaryFields)).toEqual(["reward"]);
  });

  test("the back holds the program with its progress line, the member's start and the business's page as a link", () => {
    const { storeCard } = passJsonFor(content(), { ...options, progressLine: "3/10 stamps" });
    expect(storeCard.backFields).toEqual([
      { key: "program", label: "Program", value: "Coffee card\n3/10 stamps" },
      { key: "memberSince", label: "Member since", value: "2026-01-02" },
      {
        key: "business",
        label: "Business card",
        value: `${SITE}/b/cafe-central`,
        dataDetectorTypes: ["PKDataDetectorTypeLink"],
      },
    ]);
  });
});

describe("colours", () => {
  test("theme colours become rgb() strings; anything else falls back", () => {
    expect(hexToRgb("#4F46E5")).toEqual([79, 70, 229]);
    expect(hexToRgb("#abc")).toEqual([170, 187, 204]);
    expect(hexToRgb("red")).toBeNull();
    expect(rgbString("#fff")).toBe("rgb(255, 255, 255)");
    expect(rgbString("nonsense")).toBe("rgb(79, 70, 229)");
  });

  test("text and labels stay readable on the card, light or dark", () => {
    for (const primaryColor of ["#facc15", "#1f2937", "#4f46e5", "#ffffff", "#10b981"]) {
      const colors = passColorsFor(resolveTheme({ primaryColor }));
      expect(colors.background).toBe(primaryColor);
      expect(contrastRatio(colors.foreground, colors.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.label, colors.background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(passColorsFor(resolveTheme({ primaryColor: "#facc15" })).foreground).toBe("#111827");
    expect(passColorsFor(resolveTheme({ primaryColor: "#1f2937" })).foreground).toBe("#ffffff");
  });
});

describe("a voided card", () => {
  test("is marked voided and keeps its identity and the business's name: no barcode, nothing personal", () => {
    const json = voidedPassJsonFor({ businessName: "Café Central" }, { ...identity, labels });
    expect(json).toMatchObject({
      serialNumber: identity.serialNumber,
      authenticationToken: identity.authenticationToken,
      webServiceURL: identity.webServiceURL,
      organizationName: "Café Central",
      logoText: "Café Central",
      voided: true,
    });
    expect(json.barcodes).toBeUndefined();
    const { storeCard } = json;
    expect([
      ...storeCard.headerFields,
      ...storeCard.primaryFields,
      ...storeCard.secondaryFields,
      ...storeCard.auxiliaryFields,
    ]).toEqual([]);
    expect(storeCard.backFields).toEqual([{ key: "voided", value: "This card is no longer valid." }]);
  });
});

describe("a card of a business closed for the season", () => {
  test("says until when on its front, and on the lock screen when the update arrives; open again, it says nothing", () => {
    const closed = passJsonFor(content({ closed: { until: "2027-03-01" } }), {
      ...options,
      closedLine: "Closed until 1 March",
    });
    expect(closed.storeCard.auxiliaryFields[0]).toEqual({
      key: "closed",
      value: "Closed until 1 March",
      changeMessage: "%@",
    });
    const open = passJsonFor(content({ closed: null }), options);
    expect(open.storeCard.auxiliaryFields.map((field) => field.key)).toEqual(["rewards"]);
  });
});
