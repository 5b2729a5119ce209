import { resolveTheme } from "@/lib/business/theme";
import { accessToken, forgetAccessTokens, RestGoogleWalletApi, saveLoyaltyObject } from "@/lib/wallet/google/api";
import type { GoogleWalletConfig } from "@/lib/wallet/google/config";
import { loyaltyClassFor, loyaltyObjectFor } from "@/lib/wallet/google/objects";
import {
  serviceAccountKey,
  startGoogleWalletService,
  type GoogleWalletService,
} from "../support/google-wallet-service";

// The product's Google Wallet REST client against the stand-in on loopback:
// the access token the service account's signed assertion buys, kept until it
// expires; insert-or-patch of a card.

const ISSUER = "3388000000022200001";
const EMAIL = "wallet@loyaltap-test.iam.gserviceaccount.com";
const key = serviceAccountKey();
let service: GoogleWalletService;
let config: GoogleWalletConfig;

beforeAll(async () => {
  service = await startGoogleWalletService({ email: EMAIL, publicKey: key.publicKey });
  config = {
    issuerId: ISSUER,
    serviceAccountEmail: EMAIL,
    privateKeyPem: key.privateKeyPem,
    apiUrl: service.apiUrl,
    tokenUrl: service.tokenUrl,
  };
});
beforeEach(() => {
  forgetAccessTokens();
  service.failWith(null);
});
afterAll(async () => {
  await service.close();
});

const labels = {
  stamps: "Stamps",
  points: "Points",
  visits: "Visits",
  progress: "Progress",
  rewardsReady: "Rewards ready",
  reward: "Reward",
  businessPage: "Business page",
};

function card(membershipId: string, businessId: string, stamps: number) {
  const content = {
    membershipId,
    businessId,
    businessName: "Stand-in Café",
    customerName: "Ada",
    logoUrl: null,
    theme: resolveTheme({}),
    mainProgram: {
      id: "p",
      type: "stamps",
      name: "Coffee card",
      rewardName: "Free coffee",
      progress: { current: stamps, target: 10, line: { key: "x" } as never },
    },
    readyRewards: 0,
    qrPayload: "https://loyaltap.example/qr/u",
    businessUrl: "https://loyaltap.example/b/stand-in",
  };
  return {
    loyaltyClass: loyaltyClassFor(content, { issuerId: ISSUER, siteUrl: "https://loyaltap.example" }),
    object: loyaltyObjectFor(content, { issuerId: ISSUER, labels }),
  };
}

test("one access token serves many calls; concurrent first calls ask once", async () => {
  const before = service.tokenRequests;
  const [a, b] = await Promise.all([accessToken(config), accessToken(config)]);
  expect(a).toBe(b);
  expect(await accessToken(config)).toBe(a);
  expect(service.tokenRequests - before).toBe(1);
});

test("a token endpoint that refuses the assertion is an error naming no secret", async () => {
  const stranger = serviceAccountKey();
  const error = await accessToken({ ...config, privateKeyPem: stranger.privateKeyPem }).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect(String(error)).toBe("GoogleWalletApiError: Google Wallet token request answered 400");
});

test("a card Google lacks is inserted with its class; the next save patches it", async () => {
  const api = new RestGoogleWalletApi(config);
  const { loyaltyClass, object } = card("m-insert", "b-insert", 3);
  expect(await saveLoyaltyObject(api, loyaltyClass, object)).toBe("inserted");
  expect(service.classes.get(loyaltyClass.id)).toMatchObject({ programName: "Stand-in Café" });
  expect(service.objects.get(object.id)).toMatchObject({ loyaltyPoints: { balance: { string: "3/10" } } });

  const next = card("m-insert", "b-insert", 4);
  expect(await saveLoyaltyObject(api, next.loyaltyClass, next.object)).toBe("patched");
  expect(service.objects.get(object.id)).toMatchObject({ loyaltyPoints: { balance: { string: "4/10" } } });
  // A second membership of the same business finds its class there.
  const other = card("m-insert-2", "b-insert", 1);
  expect(await saveLoyaltyObject(api, other.loyaltyClass, other.object)).toBe("inserted");
});

test("a token Google stops taking is renewed once; a server error is thrown for a retry", async () => {
  const api = new RestGoogleWalletApi(config);
  const { loyaltyClass, object } = card("m-401", "b-401", 1);
  await saveLoyaltyObject(api, loyaltyClass, object);
  const tokensBefore = service.tokenRequests;
  service.failWith(401);
  await expect(api.patchObject(object.id, { state: "INACTIVE" })).rejects.toThrow(
    "Google Wallet PATCH loyaltyObject answered 401",
  );
  expect(service.tokenRequests - tokensBefore).toBe(1);
  service.failWith(503);
  await expect(api.patchObject(object.id, { state: "INACTIVE" })).rejects.toThrow("answered 503");
  service.failWith(null);
  expect(await api.patchObject(object.id, { state: "INACTIVE" })).toBe("patched");
  expect(service.objects.get(object.id)).toMatchObject({ state: "INACTIVE" });
  expect(await api.patchObject(`${ISSUER}.never-saved`, { state: "INACTIVE" })).toBe("not_found");
});
