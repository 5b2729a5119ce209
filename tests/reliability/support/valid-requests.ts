import { createECDH, randomBytes } from "node:crypto";
import { qrTokenKey, signQrToken } from "@/lib/qr/presence-token";
import { CLUSTER_AUTH_SECRET } from "./cluster";
import { stampsProgramInput } from "./roles";

// Requests that are valid in every field but one: the sweep puts a NUL into
// each text field in turn (the rest stays valid, so the value reaches as far
// into the app as it can: the database). Password fields are left alone: any
// string is a valid password.

export type SweepContext = {
  ownerBusinessId: string;
  ownerTagId: string;
  ownerProgramId: string;
  personId: string;
  /** The person's Apple Wallet pass (their membership at the owner's business) and its pass type. */
  applePass: { passTypeId: string; serialNumber: string; authenticationToken: string };
};

export type ValidRequest =
  | {
      kind: "route";
      group: string;
      method: string;
      path: string;
      auth: "none" | "cookie" | "owner" | "admin";
      body: Record<string, unknown>;
      headers?: Record<string, string>;
    }
  | {
      kind: "action";
      group: string;
      action: string;
      auth: "none" | "cookie" | "owner" | "admin";
      args: unknown[];
      ignores?: string[];
    };

const unique = () => randomBytes(4).toString("hex");
/** The customer's QR presence token as the cluster signs it (lib/qr/presence-token.ts). */
const qrToken = (userId: string) => signQrToken(userId, new Date(), qrTokenKey(CLUSTER_AUTH_SECRET)).token;
const KEY = "00112233445566778899aabbccddeeff";

function businessProfile() {
  return {
    description: "Fresh coffee",
    keywords: ["coffee", "cake"],
    phone: "+34 600 000 000",
    address: "Calle Mayor 1",
    place_id: "ChIJ123",
    website: "https://example.test/home",
    logo_url: "https://example.test/logo.png",
    social_media: { instagram: "https://instagram.test/cafe" },
    settings: { language: "en", timezone: "Europe/Madrid" },
  };
}

function profileUpdate() {
  return {
    name: "Sweep Owner Cafe",
    logoUrl: "https://example.test/logo.png",
    description: "Fresh coffee",
    keywords: ["coffee"],
    website: "https://example.test/home",
    phone: "+34 600 000 000",
    address: "Calle Mayor 1",
    socialLinks: [{ network: "Instagram", url: "https://instagram.test/cafe" }],
    theme: {
      primaryColor: "#112233",
      secondaryColor: "",
      accentColor: "",
      backgroundColor: "",
      textColor: "",
      descriptionColor: "",
      placeholderIcon: "store",
    },
    dailyTapLimit: 1,
    timezone: "Europe/Madrid",
    ownerSummary: "DAILY",
  };
}

/** A browser's push subscription as PushSubscription.toJSON() gives it: a real P-256 key and auth secret. */
function pushSubscription() {
  const key = createECDH("prime256v1");
  key.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/sweep-${unique()}`,
    expirationTime: null,
    keys: { p256dh: key.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

export function validRequests(c: SweepContext): ValidRequest[] {
  const email = () => `sweep-nul-${unique()}@example.test`;
  return [
    {
      kind: "route",
      group: "POST /api/auth/register (customer)",
      method: "POST",
      path: "/api/auth/register",
      auth: "none",
      body: {
        email: email(),
        password: "sweep-password-1",
        metadata: { first_name: "Ann", last_name: "Lee", full_name: "Ann Lee" },
      },
    },
    {
      kind: "route",
      group: "POST /api/auth/register (business)",
      method: "POST",
      path: "/api/auth/register",
      auth: "none",
      body: {
        email: email(),
        password: "sweep-password-1",
        metadata: { first_name: "Ann", last_name: "Lee" },
        tap_id: `sweep-new-${unique()}`,
        business: { name: "New Cafe" },
        business_profile: businessProfile(),
      },
    },
    {
      kind: "route",
      group: "POST /api/auth/login",
      method: "POST",
      path: "/api/auth/login",
      auth: "none",
      body: { email: email(), password: "sweep-password-1" },
    },
    {
      kind: "route",
      group: "POST /api/auth/reset-password",
      method: "POST",
      path: "/api/auth/reset-password",
      auth: "none",
      body: { email: email() },
    },
    {
      kind: "route",
      group: "POST /api/auth/email-link",
      method: "POST",
      path: "/api/auth/email-link",
      auth: "none",
      body: { email: email(), redirect: "/dashboard" },
    },
    {
      kind: "route",
      group: "POST /api/auth/update-password",
      method: "POST",
      path: "/api/auth/update-password",
      auth: "none",
      body: { password: "sweep-password-2", token: "abcdefabcdef" },
    },
    {
      kind: "route",
      group: "POST /api/auth/token",
      method: "POST",
      path: "/api/auth/token?grant_type=refresh_token",
      auth: "none",
      body: { refresh_token: "abcdefabcdefabcdef" },
    },
    // An unknown tag: a valid tap of a real one records a visit, a legitimate write.
    {
      kind: "route",
      group: "POST /api/tap",
      method: "POST",
      path: "/api/tap",
      auth: "cookie",
      body: { id: "sweep-unknown-tag", picc_data: "00", enc: "00", cmac: "00", uid: "00", ctr: "00" },
    },
    // A device registering for the person's Apple Wallet pass, with the pass's own token: a valid
    // registration writes, so only its NUL variants are sent.
    {
      kind: "route",
      group: "POST /api/wallet/apple/v1/devices/…/registrations/…",
      method: "POST",
      path: `/api/wallet/apple/v1/devices/${"d".repeat(32)}/registrations/${c.applePass.passTypeId}/${c.applePass.serialNumber}`,
      auth: "none",
      headers: { authorization: `ApplePass ${c.applePass.authenticationToken}` },
      body: { pushToken: "ab".repeat(32) },
    },
    {
      kind: "route",
      group: "POST /api/wallet/apple/v1/log",
      method: "POST",
      path: "/api/wallet/apple/v1/log",
      auth: "none",
      body: { logs: ["Register task encountered error: Server response was malformed"] },
    },
    {
      kind: "action",
      group: "addBusinessAction",
      action: "addBusinessAction",
      auth: "cookie",
      args: [{ business: { name: "New Cafe" }, business_profile: businessProfile(), tap_id: `sweep-new-${unique()}` }],
    },
    {
      kind: "action",
      group: "completePendingRegistrationAction",
      action: "completePendingRegistrationAction",
      auth: "cookie",
      args: [{ business: { name: "New Cafe" }, business_profile: businessProfile(), tap_id: `sweep-new-${unique()}` }],
    },
    {
      kind: "action",
      group: "createProgramAction",
      action: "createProgramAction",
      auth: "owner",
      args: [stampsProgramInput(c.ownerBusinessId, "Coffee card", "Free coffee")],
    },
    {
      kind: "action",
      group: "updateProgramAction",
      action: "updateProgramAction",
      auth: "owner",
      args: [c.ownerProgramId, stampsProgramInput(c.ownerBusinessId, "Coffee card", "Free coffee")],
      // The form sends the business along; an update keeps the program with its business and never reads it.
      ignores: ["1.businessId"],
    },
    {
      kind: "action",
      group: "setProgramActiveAction",
      action: "setProgramActiveAction",
      auth: "owner",
      args: [c.ownerProgramId, true],
    },
    { kind: "action", group: "endProgramAction", action: "endProgramAction", auth: "owner", args: [c.ownerProgramId] },
    {
      kind: "action",
      group: "updateBusinessProfileAction",
      action: "updateBusinessProfileAction",
      auth: "owner",
      args: [c.ownerBusinessId, profileUpdate()],
    },
    {
      kind: "action",
      group: "updateProfileAction",
      action: "updateProfileAction",
      auth: "cookie",
      args: [{ firstName: "Sweep", lastName: "Person", birthday: "1990-01-02" }],
    },
    {
      kind: "action",
      group: "setBirthdayAction",
      action: "setBirthdayAction",
      auth: "cookie",
      args: [{ birthday: "1990-01-02" }],
    },
    {
      kind: "action",
      group: "subscribePushAction",
      action: "subscribePushAction",
      auth: "cookie",
      args: [pushSubscription()],
    },
    {
      kind: "action",
      group: "unsubscribePushAction",
      action: "unsubscribePushAction",
      auth: "cookie",
      args: [{ endpoint: pushSubscription().endpoint }],
    },
    {
      kind: "action",
      group: "markTagPreparedAction",
      action: "markTagPreparedAction",
      auth: "owner",
      args: [c.ownerTagId],
    },
    {
      kind: "action",
      group: "dismissFirstStepsAction",
      action: "dismissFirstStepsAction",
      auth: "owner",
      args: [c.ownerBusinessId],
    },
    {
      kind: "action",
      group: "renameTagAction",
      action: "renameTagAction",
      auth: "owner",
      args: [{ tagId: c.ownerTagId, label: "Counter" }],
    },
    { kind: "action", group: "releaseTagAction", action: "releaseTagAction", auth: "owner", args: [c.ownerTagId] },
    {
      kind: "action",
      group: "claimTagAction",
      action: "claimTagAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, tagId: `sweep-new-${unique()}` }],
    },
    {
      kind: "action",
      group: "saveSecureTagKeysAction",
      action: "saveSecureTagKeysAction",
      auth: "owner",
      args: [{ tagId: c.ownerTagId, metaReadKey: KEY, fileReadKey: KEY }],
    },
    {
      kind: "action",
      group: "disableSecureTagAction",
      action: "disableSecureTagAction",
      auth: "owner",
      args: [c.ownerTagId],
    },
    {
      kind: "action",
      group: "checkStickerAction",
      action: "checkStickerAction",
      auth: "owner",
      args: [{ tagId: c.ownerTagId, url: "https://other.example/tap?id=sweep" }],
    },
    {
      kind: "action",
      group: "pinSecureTagChipAction",
      action: "pinSecureTagChipAction",
      auth: "owner",
      args: [{ tagId: c.ownerTagId, uid: "04A1B2C3D4E5F6" }],
    },
    {
      kind: "action",
      group: "lookupRewardCodeAction",
      action: "lookupRewardCodeAction",
      auth: "owner",
      args: [{ code: "ABCD2345" }],
    },
    {
      kind: "action",
      group: "redeemRewardAction",
      action: "redeemRewardAction",
      auth: "owner",
      args: ["01900000-0000-7000-8000-000000000000"],
    },
    {
      kind: "action",
      group: "undoRedemptionAction",
      action: "undoRedemptionAction",
      auth: "owner",
      args: ["01900000-0000-7000-8000-000000000000"],
    },
    {
      kind: "action",
      group: "linkCustomerAction",
      action: "linkCustomerAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, customerId: c.personId, token: qrToken(c.personId) }],
    },
    {
      kind: "action",
      group: "recordQrVisitAction",
      action: "recordQrVisitAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, customerId: c.personId, token: qrToken(c.personId) }],
    },
    { kind: "action", group: "qrTokenAction", action: "qrTokenAction", auth: "cookie", args: [] },
    // An address nobody has: refused input never reaches the mailer.
    {
      kind: "action",
      group: "inviteStaffAction",
      action: "inviteStaffAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, email: email() }],
    },
    {
      kind: "action",
      group: "revokeStaffAction",
      action: "revokeStaffAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, userId: c.personId }],
    },
    {
      kind: "action",
      group: "setStaffLocationsAction",
      action: "setStaffLocationsAction",
      auth: "owner",
      args: [
        {
          businessId: c.ownerBusinessId,
          userId: c.personId,
          allLocations: false,
          locationIds: ["01900000-0000-7000-8000-000000000000"],
        },
      ],
    },
    {
      kind: "action",
      group: "chooseCounterLocationAction",
      action: "chooseCounterLocationAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, locationId: "01900000-0000-7000-8000-000000000000" }],
    },
    {
      kind: "action",
      group: "revokeStaffInviteAction",
      action: "revokeStaffInviteAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, inviteId: "01900000-0000-7000-8000-000000000000" }],
    },
    {
      kind: "action",
      group: "acceptStaffInviteAction",
      action: "acceptStaffInviteAction",
      auth: "cookie",
      args: ["sweep-unknown-invitation-token"],
    },
    {
      kind: "action",
      group: "sendStaffVerificationAction",
      action: "sendStaffVerificationAction",
      auth: "cookie",
      args: ["sweep-unknown-invitation-token"],
    },
    {
      kind: "action",
      group: "recordCardVisitAction",
      action: "recordCardVisitAction",
      auth: "owner",
      args: [{ businessId: c.ownerBusinessId, customerId: c.personId }],
    },
    {
      kind: "action",
      group: "redeemCardRewardAction",
      action: "redeemCardRewardAction",
      auth: "owner",
      args: [
        { businessId: c.ownerBusinessId, customerId: c.personId, rewardId: "01900000-0000-7000-8000-000000000000" },
      ],
    },
    {
      kind: "action",
      group: "adjustProgressAction",
      action: "adjustProgressAction",
      auth: "owner",
      args: [
        {
          businessId: c.ownerBusinessId,
          customerId: c.personId,
          programId: c.ownerProgramId,
          delta: 2,
          reason: "Sweep correction",
        },
      ],
    },
    {
      kind: "action",
      group: "addReferrerAction",
      action: "addReferrerAction",
      auth: "cookie",
      args: [{ referrerId: c.personId }],
    },
    {
      kind: "action",
      group: "joinBusinessAction",
      action: "joinBusinessAction",
      auth: "cookie",
      args: ["no-such-card"],
    },
    {
      kind: "action",
      group: "registerCustomerAction",
      action: "registerCustomerAction",
      auth: "none",
      args: [
        {
          firstName: "Ann",
          lastName: "Lee",
          email: email(),
          password: "sweep-password-1",
          confirmPassword: "sweep-password-1",
        },
        { tapId: null, redirect: null },
      ],
    },
    {
      kind: "action",
      group: "loginAction",
      action: "loginAction",
      auth: "none",
      args: [{ email: email(), password: "sweep-password-1" }, null],
    },
    {
      kind: "action",
      group: "requestResetAction",
      action: "requestResetAction",
      auth: "none",
      args: [{ email: email() }],
    },
    {
      kind: "action",
      group: "requestEmailLinkAction",
      action: "requestEmailLinkAction",
      auth: "none",
      args: ["/dashboard", null, { email: email() }],
    },
    {
      kind: "action",
      group: "setNewPasswordAction",
      action: "setNewPasswordAction",
      auth: "none",
      args: ["abcdefabcdef", { password: "sweep-password-2", confirmPassword: "sweep-password-2" }],
    },
    {
      kind: "action",
      group: "setUserDisabledAction",
      action: "setUserDisabledAction",
      auth: "admin",
      args: [{ userId: c.personId, disabled: false }],
    },
    {
      kind: "action",
      group: "recordTapAction",
      action: "recordTapAction",
      auth: "cookie",
      args: [{ id: "sweep-unknown-tag", picc_data: "00", cmac: "00" }],
    },
  ];
}

type Leaf = { path: string; set: (root: unknown) => unknown };

/** Copies of `value` with a NUL inside one string leaf each (password leaves excepted), with the leaf's path. */
export function withNulInEachField(value: unknown): { path: string; value: unknown }[] {
  const leaves: Leaf[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "string") {
      if (!/password/i.test(path[path.length - 1] ?? "")) leaves.push({ path: path.join("."), set: () => null });
      return;
    }
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, String(i)]));
    else if (node && typeof node === "object") for (const [k, child] of Object.entries(node)) walk(child, [...path, k]);
  };
  walk(value, []);
  return leaves.map((leaf) => {
    const fresh = freshen(value);
    const copy = fresh as Record<string, unknown>;
    const keys = leaf.path.split(".");
    let parent: Record<string, unknown> = copy;
    for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
    const last = keys[keys.length - 1]!;
    const original = parent[last] as string;
    const middle = Math.max(1, Math.floor(original.length / 2));
    parent[last] = original.slice(0, middle) + "\u0000" + original.slice(middle);
    return { path: leaf.path, value: copy };
  });
}

/**
 * A copy with new unique emails and new tag ids, so that each variant of a
 * registration stands on its own (an earlier one cannot make it a 409 before
 * its NUL reaches the database).
 */
function freshen(value: unknown): unknown {
  if (typeof value === "string") {
    if (/^sweep-nul-[0-9a-f]+@example\.test$/.test(value)) return `sweep-nul-${unique()}@example.test`;
    if (/^sweep-new-[0-9a-f]+$/.test(value)) return `sweep-new-${unique()}`;
    return value;
  }
  if (Array.isArray(value)) return value.map(freshen);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, freshen(v)]));
  return value;
}
