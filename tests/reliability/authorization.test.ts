import { randomBytes, randomUUID } from "node:crypto";
import { qrTokenKey, signQrToken } from "@/lib/qr/presence-token";
import { hashActivationCode } from "@/lib/tag-batches/activation-code";
import { CLUSTER_AUTH_SECRET, startCluster, type Cluster } from "./support/cluster";
import { snapshot, type Snapshot } from "./support/db-snapshot";
import { send, type Answer } from "./support/http";
import { buildWorld, stampsProgramInput, testIp, type Person, type World } from "./support/roles";
import { postAction, type ActionResponse } from "./support/action-manifest";
import { ACTIONS, PAGES, ROUTES } from "./support/surface";
import { profileForm } from "../support/profile-form";
import { googleWalletTestEnv } from "../support/google-wallet-service";
import { appleTestCredentials, TEST_PASS_TYPE_ID } from "../support/apple-wallet-certs";

/** Hold rules an intruder would set: every rule off. */
const reviewRulesInput = () => ({
  tagSpread: { on: false, tags: 3, minutes: 10 },
  tagBurst: { on: false, factor: 5, minTaps: 20 },
  guestAddress: { on: false, cards: 5, minutes: 10 },
  offHours: { on: false, visits: 3 },
});

/** A customer's QR presence token as the cluster signs it: the counter's QR actions need one. */
const qrToken = (userId: string) => signQrToken(userId, new Date(), qrTokenKey(CLUSTER_AUTH_SECRET)).token;

// The authorisation matrix: a visitor, a customer, the owner of another
// business, the staff of another business and an admin against every
// owner-only page and server action acting on owner A's business, tag,
// program and rewards; A's own staff against every one of those but the
// counter's (surface.ts `counter`), which they may use (checked last, as they
// write); every non-admin against the admin pages and actions. Each is refused (a redirect to /login
// for a visitor on a signed-in page, else 401/403/404 or the action's own
// refusal), the answer carries none of A's data, a non-existent id answers
// exactly like A's id, and nothing is written.

let cluster: Cluster;
let world: World;
let before: Snapshot;
/** A's location (its only one, made with the business). */
let locationA: string;
// Counted per email and client address even for refused attempts.
const WRITTEN_WHEN_REFUSED = ["RateLimit"];

type Subject = { name: string; person: Person | null };

type HeldApplePass = { serialNumber: string; authenticationToken: string };
/** The member's Apple Wallet pass (their card at A), and a pass of B's whose token owner B's device holds. */
let applePasses: { member: HeldApplePass; other: HeldApplePass };

/** The member adds their card at A to Apple Wallet; a customer of B does the same with theirs. */
async function addToAppleWallet(): Promise<{ member: HeldApplePass; other: HeldApplePass }> {
  const { rows: memberships } = await cluster.sql.query<{ id: string }>(
    `SELECT "id" FROM "Membership" WHERE "userId" = $1 AND "businessId" = $2`,
    [world.member.id, world.businessA.id],
  );
  const download = await send({
    method: "GET",
    url: `${url()}/api/wallet/apple/pass?membership=${memberships[0]!.id}`,
    headers: headersOf(world.member),
  });
  if (download.status !== 200) throw new Error(`Apple Wallet pass: ${download.status}`);
  const { rows: member } = await cluster.sql.query<HeldApplePass>(
    `SELECT "serialNumber", "authenticationToken" FROM "ApplePass" WHERE "membershipId" = $1`,
    [memberships[0]!.id],
  );
  // Another pass (its membership gone, as after a deletion): a real token that is not the member's.
  const other = {
    serialNumber: randomBytes(16).toString("hex"),
    authenticationToken: randomBytes(32).toString("base64url"),
  };
  await cluster.sql.query(
    `INSERT INTO "ApplePass" ("id", "serialNumber", "authenticationToken", "businessName") VALUES (gen_random_uuid()::text, $1, $2, $3)`,
    [other.serialNumber, other.authenticationToken, world.businessB.name],
  );
  return { member: member[0]!, other };
}

beforeAll(async () => {
  // Google Wallet and Apple Wallet on, so their routes are exercised past their "not configured" answer
  // (APNs on a closed loopback port: nothing is pushed anywhere).
  cluster = await startCluster({
    instances: 2,
    env: {
      REGISTRATION_LIMIT_PER_HOUR: "0",
      ...googleWalletTestEnv(),
      ...appleTestCredentials().env("http://127.0.0.1:9"),
    },
  });
  // An idle pool connection that PostgreSQL closes (e.g. while the database is dropped at the end) must not fail the file.
  cluster.sql.on("error", (error) => console.warn(`reliability pool: ${error.message}`));
  world = await buildWorld(cluster);
  locationA = (
    await cluster.sql.query<{ id: string }>(`SELECT "id" FROM "Location" WHERE "businessId" = $1`, [world.businessA.id])
  ).rows[0]!.id;
  applePasses = await addToAppleWallet();
  await makeTagBatch();
  before = await snapshot(cluster.sql, WRITTEN_WHEN_REFUSED);
});
afterAll(async () => {
  await cluster?.stop();
});

/** A batch of secure tags, unclaimed, with its activation code (docs/secure-tags.md, "Batches"); its key sheet not taken. */
const tagBatch = { id: randomUUID(), code: "RELA-TEST-CODE-2345" };
async function makeTagBatch() {
  await cluster.sql.query(
    `INSERT INTO "TagBatch" ("id", "label", "purpose", "size", "masterKeyEncrypted", "activationCodeHash")
     VALUES ($1, 'Reliability batch', 'MANUFACTURER', 1, 'v1:sealed', $2)`,
    [tagBatch.id, hashActivationCode(tagBatch.code)],
  );
  await cluster.sql.query(`INSERT INTO "Tag" ("id", "batchId", "secure", "updatedAt") VALUES ($1, $2, true, now())`, [
    `rel-batch-${randomBytes(4).toString("hex")}`,
    tagBatch.id,
  ]);
}

const url = (i = 0) => cluster.instances[i % cluster.instances.length]!.url;
const missingTag = () => `rel-missing-${randomBytes(4).toString("hex")}`;

/** Who is refused: A's staff too, unless the case is one of the counter's (`counter`). */
function subjects(kind: "owner" | "admin", counter = false): Subject[] {
  const list: Subject[] = [
    { name: "visitor", person: null },
    { name: "customer", person: world.customer },
    { name: "member", person: world.member },
    { name: "owner B", person: world.ownerB },
    { name: "staff B", person: world.staffB },
    { name: "guest", person: world.guest },
  ];
  if (kind === "owner") list.push({ name: "admin", person: world.admin });
  else list.push({ name: "owner A", person: world.ownerA });
  if (kind === "admin" || !counter) list.push({ name: "staff A", person: world.staffA });
  return list;
}

/** A's texts that must not appear, leaving out those the request itself carries and the asker's own. */
function leaked(text: string, request: string, asker: Person | null): string[] {
  const secrets = [
    ...world.secretsOfA,
    world.businessA.id,
    world.programA.id,
    world.rewardA.id,
    world.redeemedA.id,
    world.tagA,
    world.member.id,
  ];
  const own = asker ? (world.ownTexts[asker.id] ?? []) : [];
  return secrets.filter((s) => !request.includes(s) && !own.includes(s) && text.includes(s));
}

function isNotFoundPage(answer: Answer): boolean {
  return answer.text.includes("Page not found");
}

/** What a refused page answer looks like, for comparing A's id with a missing one. */
function pageShape(answer: Answer): string {
  if (answer.status >= 300 && answer.status < 400)
    return `${answer.status} → ${new URL(answer.location ?? "", "http://x").pathname}`;
  return `${answer.status}${isNotFoundPage(answer) ? " not-found page" : ""}`;
}

function headersOf(person: Person | null): Record<string, string> {
  return { "x-loyaltap-client-ip": testIp(), ...(person ? { cookie: person.cookie } : {}) };
}

type PageCase = {
  pattern: string;
  kind: "owner" | "admin";
  /** A's staff may open it too (surface.ts `counter`). */
  counter?: boolean;
  real: () => string[];
  missing: () => string | null;
  skip?: string[];
};

const PAGE_CASES: PageCase[] = [
  {
    pattern: "/dashboard/business/[id]/integrations",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/integrations`],
    missing: () => `/dashboard/business/${randomUUID()}/integrations`,
  },
  {
    pattern: "/dashboard/business/[id]/integrations/webhooks",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/integrations/webhooks`],
    missing: () => `/dashboard/business/${randomUUID()}/integrations/webhooks`,
  },
  {
    pattern: "/dashboard/business/[id]/campaigns",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/campaigns`],
    missing: () => `/dashboard/business/${randomUUID()}/campaigns`,
  },
  {
    pattern: "/dashboard/business/[id]/campaigns/new",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/campaigns/new`],
    missing: () => `/dashboard/business/${randomUUID()}/campaigns/new`,
  },
  {
    pattern: "/dashboard/business/[id]/campaigns/automations",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/campaigns/automations`],
    missing: () => `/dashboard/business/${randomUUID()}/campaigns/automations`,
  },
  {
    pattern: "/dashboard/business/[id]/campaigns/[campaignId]",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/campaigns/${world.campaignA.id}`],
    missing: () => `/dashboard/business/${world.businessA.id}/campaigns/${randomUUID()}`,
  },
  {
    pattern: "/dashboard/business/[id]/campaigns/[campaignId]/results",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}/campaigns/${world.campaignA.id}/results`],
    missing: () => `/dashboard/business/${world.businessA.id}/campaigns/${randomUUID()}/results`,
  },
  {
    pattern: "/dashboard/business/[id]",
    kind: "owner",
    real: () => [`/dashboard/business/${world.businessA.id}`, `/dashboard/business/${world.businessA.slug}`],
    missing: () => `/dashboard/business/${randomUUID()}`,
  },
  {
    pattern: "/dashboard/business/[id]/customers",
    kind: "owner",
    counter: true,
    real: () => [
      `/dashboard/business/${world.businessA.id}/customers`,
      `/dashboard/business/${world.businessA.id}/customers?sort=rewards&filter=ready`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/customers`,
  },
  {
    pattern: "/dashboard/business/[id]/review",
    kind: "owner",
    counter: true,
    real: () => [
      `/dashboard/business/${world.businessA.id}/review`,
      `/dashboard/business/${world.businessA.slug}/review`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/review`,
  },
  {
    pattern: "/dashboard/business/[id]/insights",
    kind: "owner",
    real: () => [
      `/dashboard/business/${world.businessA.id}/insights`,
      `/dashboard/business/${world.businessA.slug}/insights?range=90`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/insights`,
  },
  {
    pattern: "/dashboard/business/[id]/staff",
    kind: "owner",
    real: () => [
      `/dashboard/business/${world.businessA.id}/staff`,
      `/dashboard/business/${world.businessA.slug}/staff`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/staff`,
  },
  {
    pattern: "/dashboard/business/[id]/delete",
    kind: "owner",
    real: () => [
      `/dashboard/business/${world.businessA.id}/delete`,
      `/dashboard/business/${world.businessA.slug}/delete`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/delete`,
  },
  {
    pattern: "/dashboard/business/[id]/locations",
    kind: "owner",
    real: () => [
      `/dashboard/business/${world.businessA.id}/locations`,
      `/dashboard/business/${world.businessA.slug}/locations`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/locations`,
  },
  {
    pattern: "/dashboard/business/[id]/integrations/api-keys",
    kind: "owner",
    real: () => [
      `/dashboard/business/${world.businessA.id}/integrations/api-keys`,
      `/dashboard/business/${world.businessA.slug}/integrations/api-keys`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/integrations/api-keys`,
  },
  {
    pattern: "/dashboard/program/[program_id]",
    kind: "owner",
    real: () => [`/dashboard/program/${world.programA.id}`],
    missing: () => `/dashboard/program/${randomUUID()}`,
  },
  {
    pattern: "/dashboard/tag/[id]/qr",
    kind: "owner",
    real: () => [`/dashboard/tag/${world.tagA}/qr`],
    missing: () => `/dashboard/tag/${missingTag()}/qr`,
  },
  {
    pattern: "/dashboard/tag/[id]/secure",
    kind: "owner",
    real: () => [`/dashboard/tag/${world.tagA}/secure`],
    missing: () => `/dashboard/tag/${missingTag()}/secure`,
  },
  {
    pattern: "/dashboard/tag/[id]/write",
    kind: "owner",
    real: () => [`/dashboard/tag/${world.tagA}/write`],
    missing: () => `/dashboard/tag/${missingTag()}/write`,
  },
  // The member holds the reward and may see its own page: everyone else may not.
  {
    pattern: "/dashboard/redeem-reward/[id]",
    kind: "owner",
    counter: true,
    real: () => [`/dashboard/redeem-reward/${world.rewardA.id}`, `/dashboard/redeem-reward/${world.redeemedA.id}`],
    missing: () => `/dashboard/redeem-reward/${randomUUID()}`,
    skip: ["member"],
  },
  // A customer's card: the member may not see the business's view of themselves either.
  {
    pattern: "/dashboard/business/[id]/customers/[userId]",
    kind: "owner",
    counter: true,
    real: () => [
      `/dashboard/business/${world.businessA.id}/customers/${world.member.id}`,
      `/dashboard/business/${world.businessA.slug}/customers/${world.member.id}`,
    ],
    missing: () => `/dashboard/business/${randomUUID()}/customers/${world.member.id}`,
  },
  { pattern: "/admin", kind: "admin", real: () => ["/admin"], missing: () => null },
  {
    pattern: "/admin/users",
    kind: "admin",
    real: () => ["/admin/users", `/admin/users?q=${encodeURIComponent(world.member.email)}`],
    missing: () => `/admin/users?q=${randomUUID()}`,
  },
  { pattern: "/admin/batches", kind: "admin", real: () => ["/admin/batches"], missing: () => null },
  {
    pattern: "/admin/users/[id]",
    kind: "admin",
    real: () => [`/admin/users/${world.member.id}`, `/admin/users/${world.ownerA.id}`],
    missing: () => `/admin/users/${randomUUID()}`,
  },
];

type ActionCase = {
  name: string;
  kind: "owner" | "admin";
  /** A's staff may use it too (surface.ts `counter`). */
  counter?: boolean;
  real: () => unknown[];
  missing: () => unknown[];
};

function profileInput() {
  return profileForm({
    name: "Taken Over",
    description: "taken over",
    keywords: ["taken"],
    phone: "+34 600 000 001",
    address: "Elsewhere 1",
  });
}

const KEY = "00112233445566778899aabbccddeeff";
const intruderLocation = () => ({
  name: "Intruder shop",
  address: "Elsewhere 2",
  placeId: null,
  timezone: "Europe/Madrid",
  openingHours: [{ day: 1, opens: "09:00", closes: "14:00" }],
});
const ACTION_CASES: ActionCase[] = [
  ...(
    ["revealWebhookSecretAction", "rotateWebhookSecretAction", "sendTestWebhookAction", "deleteWebhookAction"] as const
  ).map((name): ActionCase => ({
    name,
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, endpointId: world.webhookA.id }],
    missing: () => [{ businessId: randomUUID(), endpointId: world.webhookA.id }],
  })),
  {
    name: "registerWebhookAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, url: "https://93.184.216.34/hooks", events: ["visit.recorded"] }],
    missing: () => [{ businessId: randomUUID(), url: "https://93.184.216.34/hooks", events: ["visit.recorded"] }],
  },
  {
    name: "setWebhookEnabledAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, endpointId: world.webhookA.id, enabled: false }],
    missing: () => [{ businessId: randomUUID(), endpointId: world.webhookA.id, enabled: false }],
  },
  {
    name: "resendWebhookAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, messageId: world.webhookA.messageId }],
    missing: () => [{ businessId: randomUUID(), messageId: world.webhookA.messageId }],
  },
  ...(["closeLocationAction", "reopenLocationAction"] as const).map((name): ActionCase => ({
    name,
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, locationId: locationA }],
    missing: () => [{ businessId: randomUUID(), locationId: locationA }],
  })),
  {
    name: "createLocationAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, location: intruderLocation() }],
    missing: () => [{ businessId: randomUUID(), location: intruderLocation() }],
  },
  {
    name: "updateLocationAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, locationId: locationA, location: intruderLocation() }],
    missing: () => [{ businessId: randomUUID(), locationId: locationA, location: intruderLocation() }],
  },
  {
    name: "moveLocationAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, locationId: locationA, direction: "down" }],
    missing: () => [{ businessId: randomUUID(), locationId: locationA, direction: "down" }],
  },
  {
    name: "moveTagToLocationAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, tagId: world.tagA, locationId: locationA }],
    missing: () => [{ businessId: randomUUID(), tagId: world.tagA, locationId: locationA }],
  },
  {
    name: "updateBusinessProfileAction",
    kind: "owner",
    real: () => [world.businessA.id, profileInput()],
    missing: () => [randomUUID(), profileInput()],
  },
  {
    name: "pauseBusinessAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, mode: "reopen" }],
    missing: () => [{ businessId: randomUUID(), mode: "reopen" }],
  },
  {
    name: "reopenBusinessAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id }],
    missing: () => [{ businessId: randomUUID() }],
  },
  // The right name with a password that is not theirs: each is refused before anything is read of A.
  {
    name: "deleteBusinessAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, name: world.businessA.name, password: "not-the-password" }],
    missing: () => [{ businessId: randomUUID(), name: world.businessA.name, password: "not-the-password" }],
  },
  {
    name: "createProgramAction",
    kind: "owner",
    real: () => [stampsProgramInput(world.businessA.id, "Intruder card", "Intruder reward")],
    missing: () => [stampsProgramInput(randomUUID(), "Intruder card", "Intruder reward")],
  },
  {
    name: "updateProgramAction",
    kind: "owner",
    real: () => [world.programA.id, stampsProgramInput(world.businessA.id, "Renamed", "Renamed reward")],
    missing: () => [randomUUID(), stampsProgramInput(world.businessA.id, "Renamed", "Renamed reward")],
  },
  {
    name: "setProgramActiveAction",
    kind: "owner",
    real: () => [world.programA.id, false],
    missing: () => [randomUUID(), false],
  },
  { name: "endProgramAction", kind: "owner", real: () => [world.programA.id], missing: () => [randomUUID()] },
  {
    name: "redeemRewardAction",
    kind: "owner",
    counter: true,
    real: () => [world.rewardA.id],
    missing: () => [randomUUID()],
  },
  {
    name: "lookupRewardCodeAction",
    kind: "owner",
    counter: true,
    real: () => [{ code: world.rewardA.code }],
    missing: () => [{ code: "ZZZZ9999" }],
  },
  {
    name: "undoRedemptionAction",
    kind: "owner",
    counter: true,
    real: () => [world.redeemedA.id],
    missing: () => [randomUUID()],
  },
  {
    name: "renameTagAction",
    kind: "owner",
    real: () => [{ tagId: world.tagA, label: "Stolen" }],
    missing: () => [{ tagId: missingTag(), label: "Stolen" }],
  },
  { name: "releaseTagAction", kind: "owner", real: () => [world.tagA], missing: () => [missingTag()] },
  { name: "markTagPreparedAction", kind: "owner", real: () => [world.tagA], missing: () => [missingTag()] },
  // A sticker with another address: refused callers must not count NOT_OUR_URL in A's tag log.
  {
    name: "checkStickerAction",
    kind: "owner",
    real: () => [{ tagId: world.tagA, url: "https://evil.example/tap?id=x" }],
    missing: () => [{ tagId: missingTag(), url: "https://evil.example/tap?id=x" }],
  },
  {
    name: "dismissFirstStepsAction",
    kind: "owner",
    real: () => [world.businessA.id],
    missing: () => [randomUUID()],
  },
  {
    name: "saveSecureTagKeysAction",
    kind: "owner",
    real: () => [{ tagId: world.tagA, metaReadKey: KEY, fileReadKey: KEY }],
    missing: () => [{ tagId: missingTag(), metaReadKey: KEY, fileReadKey: KEY }],
  },
  { name: "disableSecureTagAction", kind: "owner", real: () => [world.tagA], missing: () => [missingTag()] },
  {
    name: "pinSecureTagChipAction",
    kind: "owner",
    real: () => [{ tagId: world.tagA, uid: "04A1B2C3D4E5F6" }],
    missing: () => [{ tagId: missingTag(), uid: "04A1B2C3D4E5F6" }],
  },
  {
    name: "claimTagAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, tagId: "rel-intruder-tag" }],
    missing: () => [{ businessId: randomUUID(), tagId: "rel-intruder-tag" }],
  },
  {
    name: "cancelCampaignAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, campaignId: world.campaignA.id }],
    missing: () => [{ businessId: randomUUID(), campaignId: world.campaignA.id }],
  },
  {
    name: "sendTestAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, campaignId: world.campaignA.id }],
    missing: () => [{ businessId: randomUUID(), campaignId: world.campaignA.id }],
  },
  {
    name: "scheduleCampaignAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, campaignId: world.campaignA.id, at: null }],
    missing: () => [{ businessId: randomUUID(), campaignId: world.campaignA.id, at: null }],
  },
  {
    name: "previewCampaignAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, message: "Hello" }],
    missing: () => [{ businessId: randomUUID(), message: "Hello" }],
  },
  {
    name: "saveCampaignAction",
    kind: "owner",
    real: () => [
      {
        campaignId: world.campaignA.id,
        campaign: {
          businessId: world.businessA.id,
          name: "Intruder",
          message: "Hello",
          segment: "{}",
          offerKind: "",
          programId: "",
          amount: "",
          rewardName: "",
          validDays: "14",
          holdoutPercent: "10",
        },
      },
    ],
    missing: () => [
      {
        campaignId: world.campaignA.id,
        campaign: {
          ...{
            businessId: world.businessA.id,
            name: "Intruder",
            message: "Hello",
            segment: "{}",
            offerKind: "",
            programId: "",
            amount: "",
            rewardName: "",
            validDays: "14",
            holdoutPercent: "10",
          },
          businessId: randomUUID(),
        },
      },
    ],
  },
  {
    name: "countSegmentAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, segment: {} }],
    missing: () => [{ businessId: randomUUID(), segment: {} }],
  },
  {
    name: "saveOutreachSettingsAction",
    kind: "owner",
    real: () => [
      { businessId: world.businessA.id, capMessages: 1, capDays: 7, quietStart: "21:00", quietEnd: "09:00" },
    ],
    missing: () => [{ businessId: randomUUID(), capMessages: 1, capDays: 7, quietStart: "21:00", quietEnd: "09:00" }],
  },
  {
    name: "saveAutomationAction",
    kind: "owner",
    real: () => [
      {
        businessId: world.businessA.id,
        kind: "WIN_BACK",
        enabled: true,
        message: "Hello",
        days: 30,
        holdoutPercent: 10,
        offer: null,
      },
    ],
    missing: () => [
      {
        businessId: randomUUID(),
        kind: "WIN_BACK",
        enabled: true,
        message: "Hello",
        days: 30,
        holdoutPercent: 10,
        offer: null,
      },
    ],
  },
  {
    name: "inviteStaffAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, email: "intruder-invite@example.test" }],
    missing: () => [{ businessId: randomUUID(), email: "intruder-invite@example.test" }],
  },
  {
    name: "revokeStaffAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, userId: world.staffA.id }],
    missing: () => [{ businessId: randomUUID(), userId: world.staffA.id }],
  },
  {
    name: "setStaffLocationsAction",
    kind: "owner",
    real: () => [
      { businessId: world.businessA.id, userId: world.staffA.id, allLocations: false, locationIds: [world.locationA] },
    ],
    missing: () => [
      { businessId: randomUUID(), userId: world.staffA.id, allLocations: false, locationIds: [world.locationA] },
    ],
  },
  {
    name: "chooseCounterLocationAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, locationId: world.locationA }],
    missing: () => [{ businessId: randomUUID(), locationId: world.locationA }],
  },
  {
    name: "createApiKeyAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, name: "Intruder key", scopes: ["read", "visits", "redeem"] }],
    missing: () => [{ businessId: randomUUID(), name: "Intruder key", scopes: ["read", "visits", "redeem"] }],
  },
  {
    name: "revokeApiKeyAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, keyId: world.apiKeyA.id }],
    missing: () => [{ businessId: randomUUID(), keyId: world.apiKeyA.id }],
  },
  {
    name: "revokeStaffInviteAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, inviteId: world.inviteA.id }],
    missing: () => [{ businessId: randomUUID(), inviteId: world.inviteA.id }],
  },
  {
    name: "linkCustomerAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, customerId: world.customer.id, token: qrToken(world.customer.id) }],
    missing: () => [{ businessId: randomUUID(), customerId: world.customer.id, token: qrToken(world.customer.id) }],
  },
  {
    name: "recordQrVisitAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, customerId: world.member.id, token: qrToken(world.member.id) }],
    missing: () => [{ businessId: randomUUID(), customerId: world.member.id, token: qrToken(world.member.id) }],
  },
  {
    name: "recordPurchaseAction",
    kind: "owner",
    counter: true,
    real: () => [
      { businessId: world.businessA.id, customerId: world.member.id, token: qrToken(world.member.id), amount: "12.50" },
    ],
    missing: () => [
      { businessId: randomUUID(), customerId: world.member.id, token: qrToken(world.member.id), amount: "12.50" },
    ],
  },
  {
    name: "refundPurchaseAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, purchaseId: randomUUID(), key: randomUUID() }],
    missing: () => [{ businessId: randomUUID(), purchaseId: randomUUID(), key: randomUUID() }],
  },
  // The review queue (docs/review-queue.md): staff decide held visits; the rules are the owner's.
  {
    name: "approveHeldVisitAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, heldVisitId: randomUUID() }],
    missing: () => [{ businessId: randomUUID(), heldVisitId: randomUUID() }],
  },
  {
    name: "rejectHeldVisitAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, heldVisitId: randomUUID() }],
    missing: () => [{ businessId: randomUUID(), heldVisitId: randomUUID() }],
  },
  {
    name: "saveReviewSettingsAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, rules: reviewRulesInput() }],
    missing: () => [{ businessId: randomUUID(), rules: reviewRulesInput() }],
  },
  {
    name: "recordCardVisitAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, customerId: world.member.id }],
    missing: () => [{ businessId: randomUUID(), customerId: world.member.id }],
  },
  {
    name: "redeemCardRewardAction",
    kind: "owner",
    counter: true,
    real: () => [{ businessId: world.businessA.id, customerId: world.member.id, rewardId: world.rewardA.id }],
    missing: () => [{ businessId: randomUUID(), customerId: world.member.id, rewardId: world.rewardA.id }],
  },
  {
    name: "adjustProgressAction",
    kind: "owner",
    real: () => [
      {
        businessId: world.businessA.id,
        customerId: world.member.id,
        programId: world.programA.id,
        delta: 5,
        reason: "Intruder",
      },
    ],
    missing: () => [
      {
        businessId: randomUUID(),
        customerId: world.member.id,
        programId: world.programA.id,
        delta: 5,
        reason: "Intruder",
      },
    ],
  },
  {
    name: "setUserDisabledAction",
    kind: "admin",
    real: () => [{ userId: world.member.id, disabled: true }],
    missing: () => [{ userId: randomUUID(), disabled: true }],
  },
  // Secure tag batches (docs/secure-tags.md, "Batches"): the admin's, and the owner's activation with the code.
  {
    name: "createTagBatchAction",
    kind: "admin",
    real: () => [{ label: "Intruder batch", purpose: "OWNER", size: "5" }],
    missing: () => [{ label: "Intruder batch", purpose: "OWNER", size: "5" }],
  },
  { name: "tagBatchCsvAction", kind: "admin", real: () => [tagBatch.id], missing: () => [randomUUID()] },
  { name: "tagBatchKeysAction", kind: "admin", real: () => [tagBatch.id], missing: () => [randomUUID()] },
  {
    name: "activateTagBatchAction",
    kind: "owner",
    real: () => [{ businessId: world.businessA.id, code: tagBatch.code }],
    missing: () => [{ businessId: randomUUID(), code: tagBatch.code }],
  },
];

// Route handlers that act on a business: refused like its pages (401 to a
// visitor, 404 to everyone else but the owner, a missing business alike).
const ROUTE_CASES: { route: string; real: () => string[]; missing: () => string }[] = [
  {
    route: "GET /api/business/[id]/export",
    real: () =>
      ["customers", "visits", "rewards"].map((kind) => `/api/business/${world.businessA.id}/export?kind=${kind}`),
    missing: () => `/api/business/${randomUUID()}/export?kind=customers`,
  },
];

test("every owner-only and admin-only page, route handler and server action has a case in the matrix", () => {
  const pages = Object.entries(PAGES)
    .filter(([, e]) => e.access === "owner" || e.access === "admin")
    .map(([p]) => p)
    .sort();
  const actions = Object.entries(ACTIONS)
    .filter(([, e]) => e.access === "owner" || e.access === "admin")
    .map(([a]) => a)
    .sort();
  const routes = Object.entries(ROUTES)
    .filter(([, e]) => e.access === "owner" || e.access === "admin")
    .map(([r]) => r)
    .sort();
  expect({
    pages: pages.filter((p) => !PAGE_CASES.some((c) => c.pattern === p)),
    actions: actions.filter((a) => !ACTION_CASES.some((c) => c.name === a)),
    routes: routes.filter((r) => !ROUTE_CASES.some((c) => c.route === r)),
    // The matrix lets A's staff through exactly where the surface says the counter's are.
    counterPages: PAGE_CASES.filter((c) => Boolean(c.counter) !== Boolean(PAGES[c.pattern]?.counter)).map(
      (c) => c.pattern,
    ),
    counterActions: ACTION_CASES.filter((c) => Boolean(c.counter) !== Boolean(ACTIONS[c.name]?.counter)).map(
      (c) => c.name,
    ),
  }).toEqual({ pages: [], actions: [], routes: [], counterPages: [], counterActions: [] });
});

describe("pages", () => {
  for (const pageCase of PAGE_CASES) {
    test(`${pageCase.pattern}: refused to everyone but its ${pageCase.kind}${pageCase.counter ? " and A's staff" : ""}, with none of A's data, a missing id alike`, async () => {
      const problems: string[] = [];
      let i = 0;
      for (const subject of subjects(pageCase.kind, pageCase.counter)) {
        if (pageCase.skip?.includes(subject.name)) continue;
        for (const path of pageCase.real()) {
          const answer = await send({ method: "GET", url: url(i++) + path, headers: headersOf(subject.person) });
          const toLogin = answer.status >= 300 && answer.status < 400 && (answer.location ?? "").includes("/login");
          const refused = subject.person
            ? [401, 403, 404].includes(answer.status)
            : toLogin || [401, 403, 404].includes(answer.status);
          if (!refused) problems.push(`${subject.name} GET ${path} → ${answer.status} ${answer.location ?? ""}`);
          const leaks = leaked(answer.text, path, subject.person);
          if (leaks.length) problems.push(`${subject.name} GET ${path} shows ${leaks.join(", ")}`);
          const missing = pageCase.missing();
          if (missing) {
            const other = await send({ method: "GET", url: url(i++) + missing, headers: headersOf(subject.person) });
            if (pageShape(other) !== pageShape(answer))
              problems.push(
                `${subject.name}: A's ${path} → ${pageShape(answer)} but missing ${missing} → ${pageShape(other)}`,
              );
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test("A's own pages and the admin's pages show the data the matrix looks for (the checks can see a leak)", async () => {
    const own = await send({
      method: "GET",
      url: url() + `/dashboard/business/${world.businessA.id}`,
      headers: headersOf(world.ownerA),
    });
    expect(own.status).toBe(200);
    expect(own.text).toContain(world.businessA.name);
    const redeem = await send({
      method: "GET",
      url: url(1) + `/dashboard/redeem-reward/${world.rewardA.id}`,
      headers: headersOf(world.ownerA),
    });
    expect(redeem.status).toBe(200);
    expect(redeem.text).toContain(world.rewardA.code);
    const admin = await send({
      method: "GET",
      url: url() + `/admin/users/${world.member.id}`,
      headers: headersOf(world.admin),
    });
    expect(admin.status).toBe(200);
    expect(admin.text).toContain(world.member.email);
  });
});

describe("server actions", () => {
  const run = (
    i: number,
    name: string,
    args: unknown[],
    person: Person | null,
    pagePath?: string,
  ): Promise<ActionResponse> =>
    postAction(url(i), name, args, { cookie: person?.cookie, pagePath, headers: { "x-loyaltap-client-ip": testIp() } });

  for (const actionCase of ACTION_CASES) {
    test(`${actionCase.name}: refused to everyone but its ${actionCase.kind}${actionCase.counter ? " and A's staff" : ""}, with none of A's data, a missing id alike`, async () => {
      const problems: string[] = [];
      let i = 0;
      for (const subject of subjects(actionCase.kind, actionCase.counter)) {
        // Posted to the action's own page, and to a public page (the action is found by its id there too, past the proxy's login redirect).
        for (const pagePath of [undefined, "/about"]) {
          const args = actionCase.real();
          const answer = await run(i++, actionCase.name, args, subject.person, pagePath);
          const where = `${subject.name} ${actionCase.name}${pagePath ? ` via ${pagePath}` : ""}`;
          const result = answer.result as { ok?: boolean } | undefined;
          if (answer.status >= 500) problems.push(`${where} → ${answer.status}`);
          if (result?.ok === true) problems.push(`${where} → ok: ${JSON.stringify(result)}`);
          const leaks = leaked(answer.text, JSON.stringify(args), subject.person);
          if (leaks.length) problems.push(`${where} shows ${leaks.join(", ")}`);
          const other = await run(i++, actionCase.name, actionCase.missing(), subject.person, pagePath);
          const shape = (a: ActionResponse) => `${a.status} ${JSON.stringify(a.result ?? null)}`;
          if (shape(other) !== shape(answer))
            problems.push(`${where}: A's id → ${shape(answer)} but a missing id → ${shape(other)}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe("route handlers", () => {
  test("GET /api/tap of A's tag shows the public card only: no owner, member or reward data, whoever asks", async () => {
    const problems: string[] = [];
    const publicTexts = [
      world.businessA.name,
      world.programA.name,
      world.programA.rewardName,
      world.businessA.id,
      world.tagA,
      world.programA.id,
    ];
    for (const subject of subjects("owner")) {
      if (subject.name === "member") continue; // the member sees its own progress
      const answer = await send({
        method: "GET",
        url: `${url()}/api/tap?id=${world.tagA}`,
        headers: headersOf(subject.person),
      });
      if (answer.status !== 200) problems.push(`${subject.name} → ${answer.status}`);
      const leaks = leaked(answer.text, `/api/tap?id=${world.tagA}`, subject.person).filter(
        (s) => !publicTexts.includes(s),
      );
      if (leaks.length) problems.push(`${subject.name} sees ${leaks.join(", ")}`);
      if (/ownerId|passwordHash|keysEncrypted/.test(answer.text)) problems.push(`${subject.name} sees private fields`);
    }
    expect(problems).toEqual([]);
  });

  test("GET /api/auth/me answers 401 to a visitor and each account only its own user", async () => {
    const visitor = await send({ method: "GET", url: `${url()}/api/auth/me`, headers: headersOf(null) });
    expect(visitor.status).toBe(401);
    for (const person of [world.customer, world.ownerB, world.admin]) {
      const answer = await send({
        method: "GET",
        url: `${url(1)}/api/auth/me`,
        headers: { authorization: `Bearer ${person.bearer}` },
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).user.id).toBe(person.id);
      expect(leaked(answer.text, "", person)).toEqual([]);
    }
    // A guest card (no access token): its own user, marked as a guest.
    const guest = await send({ method: "GET", url: `${url(1)}/api/auth/me`, headers: headersOf(world.guest) });
    expect(guest.status).toBe(200);
    expect(JSON.parse(guest.text).user).toMatchObject({ id: world.guest.id, guest: true });
    expect(leaked(guest.text, "", world.guest)).toEqual([]);
  });

  test("GET /api/account/export answers 401 to a visitor and gives each account only its own data", async () => {
    const visitor = await send({ method: "GET", url: `${url()}/api/account/export`, headers: headersOf(null) });
    expect(visitor.status).toBe(401);
    for (const person of [world.customer, world.ownerB, world.admin]) {
      const answer = await send({ method: "GET", url: `${url(1)}/api/account/export`, headers: headersOf(person) });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).profile.id).toBe(person.id);
      expect(leaked(answer.text, "", person)).toEqual([]);
      expect(answer.text).not.toMatch(/passwordHash|sessionVersion|keysEncrypted/);
    }
  });
});

// The wallets' buttons name a card by its membership (the wallet page) or by its business (the tap result).
const WALLET_ROUTES = [
  { route: "GET /api/wallet/google/save", path: "/api/wallet/google/save" },
  { route: "GET /api/wallet/apple/pass", path: "/api/wallet/apple/pass" },
];

for (const wallet of WALLET_ROUTES) {
  describe(wallet.route, () => {
    test("a visitor is refused; anyone but the member gets the 404 of a missing card, with none of A's data", async () => {
      const [membership] = (
        await cluster.sql.query<{ id: string; businessId: string }>(
          `SELECT "id", "businessId" FROM "Membership" WHERE "userId" = $1`,
          [world.member.id],
        )
      ).rows;
      const queries = [
        { real: `membership=${encodeURIComponent(membership!.id)}`, missing: `membership=${randomUUID()}` },
        { real: `business=${encodeURIComponent(membership!.businessId)}`, missing: `business=${randomUUID()}` },
      ];
      const path = (query: string) => `${wallet.path}?${query}`;
      const visitor = await send({ method: "GET", url: url() + path(queries[0]!.real), headers: headersOf(null) });
      expect(visitor.status).toBe(401);
      const problems: string[] = [];
      for (const query of queries) {
        for (const subject of subjects("owner")) {
          if (!subject.person || subject.name === "member") continue;
          const answer = await send({
            method: "GET",
            url: url(1) + path(query.real),
            headers: headersOf(subject.person),
          });
          const missing = await send({
            method: "GET",
            url: url() + path(query.missing),
            headers: headersOf(subject.person),
          });
          if (answer.status !== 404) problems.push(`${subject.name} ${query.real} → ${answer.status}`);
          if (answer.text !== missing.text)
            problems.push(`${subject.name}: A's member's card (${query.real}) answers unlike a missing one`);
          if (answer.location) problems.push(`${subject.name} is sent to ${answer.location}`);
          const leaks = leaked(answer.text, path(query.real), subject.person);
          if (leaks.length) problems.push(`${subject.name} sees ${leaks.join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
}

describe("the PassKit web service (Apple Wallet)", () => {
  const registration = (device: string, serial: string) =>
    `/api/wallet/apple/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`;
  const passPath = (serial: string) => `/api/wallet/apple/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`;

  test("the member's pass is refused to everyone without its own token (a session does not count, another pass's token neither), an unknown serial alike", async () => {
    const problems: string[] = [];
    const device = randomBytes(16).toString("hex");
    const member = applePasses.member.serialNumber;
    const unknown = randomBytes(16).toString("hex");
    const everyone: Subject[] = [...subjects("owner"), { name: "owner A", person: world.ownerA }];
    let i = 0;
    for (const subject of everyone) {
      for (const token of [null, applePasses.other.authenticationToken, `${applePasses.member.authenticationToken}x`]) {
        const headers = {
          ...headersOf(subject.person),
          ...(subject.person ? { authorization: `Bearer ${subject.person.bearer}` } : {}),
          ...(token ? { authorization: `ApplePass ${token}` } : {}),
          "content-type": "application/json",
        };
        const body = JSON.stringify({ pushToken: "cd".repeat(32) });
        const requests = (serial: string) => [
          { method: "POST", path: registration(device, serial), body },
          { method: "DELETE", path: registration(device, serial) },
          { method: "GET", path: passPath(serial) },
        ];
        const mine = requests(member);
        const missing = requests(unknown);
        for (let n = 0; n < mine.length; n++) {
          const answer = await send({ ...mine[n]!, url: url(i++) + mine[n]!.path, headers });
          const other = await send({ ...missing[n]!, url: url(i++) + missing[n]!.path, headers });
          const what = `${subject.name} ${token ? "with another token" : "without a token"} ${mine[n]!.method}`;
          if (answer.status !== 401) problems.push(`${what} → ${answer.status}`);
          if (other.status !== answer.status || other.text !== answer.text)
            problems.push(`${what}: the member's pass → ${answer.status}, an unknown one → ${other.status}`);
          const leaks = leaked(answer.text, mine[n]!.path, subject.person);
          if (leaks.length) problems.push(`${what} shows ${leaks.join(", ")}`);
          if (answer.contentType.includes("pkpass")) problems.push(`${what} got the pass`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test("what changed: a device that registered nothing hears of nothing, whoever asks", async () => {
    for (const subject of [{ name: "visitor", person: null }, ...subjects("owner")]) {
      const answer = await send({
        method: "GET",
        url: `${url()}/api/wallet/apple/v1/devices/${randomBytes(16).toString("hex")}/registrations/${TEST_PASS_TYPE_ID}`,
        headers: headersOf(subject.person),
      });
      expect([subject.name, answer.status, answer.text]).toEqual([subject.name, 204, ""]);
    }
  });
});

describe("owner route handlers", () => {
  for (const routeCase of ROUTE_CASES) {
    test(`${routeCase.route}: refused to everyone but the owner, with none of A's data, a missing id alike`, async () => {
      const problems: string[] = [];
      let i = 0;
      for (const subject of subjects("owner")) {
        for (const path of routeCase.real()) {
          const answer = await send({ method: "GET", url: url(i++) + path, headers: headersOf(subject.person) });
          const expected = subject.person ? 404 : 401;
          if (answer.status !== expected) problems.push(`${subject.name} GET ${path} → ${answer.status}`);
          const leaks = leaked(answer.text, path, subject.person);
          if (leaks.length) problems.push(`${subject.name} GET ${path} shows ${leaks.join(", ")}`);
          const other = await send({
            method: "GET",
            url: url(i++) + routeCase.missing(),
            headers: headersOf(subject.person),
          });
          if (other.status !== answer.status || other.text !== answer.text)
            problems.push(`${subject.name}: A's ${path} → ${answer.status} but a missing one → ${other.status}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe("afterwards", () => {
  test("nothing the refused requests asked for was written", async () => {
    const after = await snapshot(cluster.sql, WRITTEN_WHEN_REFUSED);
    const changed = Object.keys(after).filter((t) => JSON.stringify(after[t]) !== JSON.stringify(before[t]));
    expect(changed).toEqual([]);
  });

  test("owner A can do what the others could not (the refusals are about who asks)", async () => {
    const renamed = await postAction(url(), "renameTagAction", [{ tagId: world.tagA, label: "Counter" }], {
      cookie: world.ownerA.cookie,
      pagePath: "/about",
    });
    expect(renamed.result).toEqual({ ok: true });
    const card = await send({
      method: "GET",
      url: url() + `/dashboard/business/${world.businessA.id}/customers/${world.member.id}`,
      headers: headersOf(world.ownerA),
    });
    expect(card.status).toBe(200);
    expect(card.text).toContain(world.member.email);
    const adjusted = await postAction(
      url(1),
      "adjustProgressAction",
      [
        {
          businessId: world.businessA.id,
          customerId: world.member.id,
          programId: world.programA.id,
          delta: 1,
          reason: "Owner's own",
        },
      ],
      { cookie: world.ownerA.cookie },
    );
    expect(adjusted.result).toMatchObject({ ok: true });
    const redeemed = await postAction(url(1), "redeemRewardAction", [world.rewardA.id], {
      cookie: world.ownerA.cookie,
    });
    expect(redeemed.result).toMatchObject({ ok: true, rewardId: world.rewardA.id });
    const disabled = await postAction(url(), "setUserDisabledAction", [{ userId: world.customer.id, disabled: true }], {
      cookie: world.admin.cookie,
    });
    expect(disabled.result).toEqual({ ok: true, disabled: true });
  });

  test("A's staff may do exactly the counter's actions at A (the matrix refused them everything else)", async () => {
    const asStaff = (i: number, name: string, args: unknown[]) =>
      postAction(url(i), name, args, { cookie: world.staffA.cookie, headers: { "x-loyaltap-client-ip": testIp() } });
    const page = await send({
      method: "GET",
      url: url() + `/dashboard/redeem-reward/${world.rewardA.id}`,
      headers: headersOf(world.staffA),
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain(world.rewardA.code);
    const home = await send({ method: "GET", url: url(1) + "/dashboard", headers: headersOf(world.staffA) });
    expect(home.text).toContain(world.businessA.name);

    // Owner A redeemed rewardA a moment ago (above): staff undo it, look it up and redeem it again.
    expect((await asStaff(0, "undoRedemptionAction", [world.rewardA.id])).result).toEqual({ ok: true });
    expect((await asStaff(1, "lookupRewardCodeAction", [{ code: world.rewardA.code }])).result).toMatchObject({
      ok: true,
      rewardId: world.rewardA.id,
    });
    expect((await asStaff(0, "redeemRewardAction", [world.rewardA.id])).result).toMatchObject({
      ok: true,
      rewardId: world.rewardA.id,
    });
    // Owner B is nobody's customer at A yet (the customer was disabled above).
    // Without the presence token of the customer's QR: refused, nothing linked.
    const bare = { businessId: world.businessA.id, customerId: world.ownerB.id };
    expect((await asStaff(1, "linkCustomerAction", [bare])).result).toMatchObject({ ok: false });
    expect((await asStaff(0, "recordQrVisitAction", [bare])).result).toMatchObject({ ok: false });
    const counter = { ...bare, token: qrToken(world.ownerB.id) };
    expect((await asStaff(1, "linkCustomerAction", [counter])).result).toMatchObject({ ok: true, created: true });
    expect((await asStaff(0, "recordQrVisitAction", [counter])).result).toMatchObject({ ok: true });

    const { rows } = await cluster.sql.query(
      `SELECT action, "actorId" FROM "AuditLog" WHERE "businessId" = $1 AND "actorId" = $2 ORDER BY "createdAt"`,
      [world.businessA.id, world.staffA.id],
    );
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      "REDEMPTION_UNDONE",
      "REDEMPTION",
      "VISIT_RECORDED",
    ]);
  });
});

// Last: adding a card writes its GoogleWalletObject or ApplePass row (a device's registration its
// AppleDeviceRegistration row), which the snapshot above must not see.
describe("the member's own card", () => {
  test("the member's device, with the pass's own token, registers for its updates and fetches it", async () => {
    const device = randomBytes(16).toString("hex");
    const serial = applePasses.member.serialNumber;
    const headers = {
      authorization: `ApplePass ${applePasses.member.authenticationToken}`,
      "content-type": "application/json",
      "x-loyaltap-client-ip": testIp(),
    };
    const registered = await send({
      method: "POST",
      url: `${url()}/api/wallet/apple/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`,
      headers,
      body: JSON.stringify({ pushToken: "ef".repeat(32) }),
    });
    expect(registered.status).toBe(201);
    const fetched = await send({
      method: "GET",
      url: `${url(1)}/api/wallet/apple/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`,
      headers,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.contentType).toBe("application/vnd.apple.pkpass");
    const changes = await send({
      method: "GET",
      url: `${url()}/api/wallet/apple/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}`,
      headers: { "x-loyaltap-client-ip": testIp() },
    });
    expect(changes.status).toBe(200);
    expect(JSON.parse(changes.text).serialNumbers).toEqual([serial]);
  });

  test("GET /api/wallet/google/save sends the member to Google's save page with their card", async () => {
    const [membership] = (
      await cluster.sql.query<{ id: string }>(`SELECT "id" FROM "Membership" WHERE "userId" = $1`, [world.member.id])
    ).rows;
    const answer = await send({
      method: "GET",
      url: `${url()}/api/wallet/google/save?membership=${membership!.id}`,
      headers: headersOf(world.member),
    });
    expect(answer.status).toBe(303);
    const jwt = answer.location!.replace("https://pay.google.com/gp/v/save/", "");
    expect(answer.location).toBe(`https://pay.google.com/gp/v/save/${jwt}`);
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));
    expect(claims.payload.loyaltyObjects[0].id).toBe(`3388000000022299999.${membership!.id}`);
  });

  test("GET /api/wallet/apple/pass downloads the member's own pass, the same by membership and by business", async () => {
    const [membership] = (
      await cluster.sql.query<{ id: string; businessId: string }>(
        `SELECT "id", "businessId" FROM "Membership" WHERE "userId" = $1`,
        [world.member.id],
      )
    ).rows;
    for (const query of [`membership=${membership!.id}`, `business=${membership!.businessId}`]) {
      const answer = await send({
        method: "GET",
        url: `${url()}/api/wallet/apple/pass?${query}`,
        headers: headersOf(world.member),
      });
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe("application/vnd.apple.pkpass");
    }
    const { rows } = await cluster.sql.query(`SELECT 1 FROM "ApplePass" WHERE "membershipId" = $1`, [membership!.id]);
    expect(rows).toHaveLength(1);
  });
});

// After the matrix's comparison of what refusals wrote: these posts record visits.
describe("guest cards", () => {
  test("POST /tap/start with a session makes no guest: it records that person's visit (a guest's too)", async () => {
    const guests = async () =>
      (await cluster.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "User" WHERE guest`)).rows[0]!.n;
    const before = await guests();
    // The customer was disabled above; the member and the guest are signed in.
    for (const person of [world.member, world.guest]) {
      const answer = await send({
        method: "POST",
        url: `${url()}/tap/start`,
        headers: {
          ...headersOf(person),
          origin: url(),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ id: world.tagB }).toString(),
      });
      expect(answer.status).toBe(303);
    }
    expect(await guests()).toBe(before);
  });
});
