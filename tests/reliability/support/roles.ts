import { randomBytes } from "node:crypto";
import type { Cluster } from "./cluster";
import { postAction } from "./action-manifest";
import { waitForMailJobs } from "./jobs";

// The people of the sweep, authorisation and XSS files, created through the
// app's own endpoints and actions on a running cluster: two owners with a
// business each, a customer with a membership and a reward at owner A's, an
// admin (promoted with SQL, as `npm run user:promote` does), a staff member of
// each business and a pending staff invitation at A (written with SQL, as an
// accepted and a sent invitation leave them).

export const PASSWORD = "reliability-password-1";

export type Person = {
  id: string;
  email: string;
  /** `name=value` of the session cookie. */
  cookie: string;
  /** An access token for `Authorization: Bearer`. */
  bearer: string;
};

const unique = () => randomBytes(4).toString("hex");

/** A client address of our own per request, so per-IP limits never link two of them. */
export function testIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! || 1}`;
}

function sessionCookie(headers: Headers): string {
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (/^(__Secure-)?authjs\.session-token=./.test(pair)) return pair;
  }
  throw new Error(`no session cookie in ${JSON.stringify(headers.getSetCookie())}`);
}

export async function register(
  url: string,
  body: Record<string, unknown>,
): Promise<Person & { businessId: string | null }> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-loyaltap-client-ip": testIp() },
    body: JSON.stringify({ password: PASSWORD, ...body }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`register ${response.status}: ${text}`);
  const json = JSON.parse(text) as {
    session: { access_token: string; user: { id: string } };
    business_id: string | null;
  };
  return {
    id: json.session.user.id,
    email: String(body.email),
    cookie: sessionCookie(response.headers),
    bearer: json.session.access_token,
    businessId: json.business_id,
  };
}

export type BusinessInput = { name: string; description?: string; socialMedia?: Record<string, string> };

export async function registerOwner(
  url: string,
  label: string,
  business: BusinessInput,
  tagId: string,
  metadata: Record<string, string> = {},
) {
  return register(url, {
    email: `${label}-${unique()}@example.test`,
    metadata: { first_name: `${label} first`, last_name: `${label} last`, ...metadata },
    tap_id: tagId,
    business: { name: business.name },
    business_profile: {
      description: business.description ?? `${business.name} serves coffee`,
      keywords: ["coffee"],
      phone: "+34 600 000 000",
      address: "Calle Mayor 1, Madrid",
      social_media: business.socialMedia ?? {},
    },
  });
}

export function stampsProgramInput(businessId: string, name: string, rewardName: string) {
  return {
    businessId,
    type: "stamps",
    name,
    description: `${name} description`,
    startDate: "",
    endDate: "",
    rules: { stampsRequired: 1 },
    rewardName,
    rewardDescription: `${rewardName} description`,
    rewardExpiryDays: null,
  };
}

export async function createProgram(url: string, owner: Person, input: Record<string, unknown>): Promise<string> {
  const answer = await postAction(url, "createProgramAction", [input], { cookie: owner.cookie });
  const result = answer.result as { ok: boolean; id?: string; error?: string } | undefined;
  if (!result?.ok || !result.id) throw new Error(`createProgramAction ${answer.status}: ${answer.text.slice(0, 500)}`);
  return result.id;
}

export async function tap(url: string, person: Person, tagId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/api/tap`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${person.bearer}`,
      "x-loyaltap-client-ip": testIp(),
    },
    body: JSON.stringify({ id: tagId }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`tap ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * A guest card (docs/authentication.md, "Guests"): "Start my card" on `tagId`'s
 * page, the form's post as a browser sends it. No email and no access token.
 */
export async function startGuest(url: string, tagId: string): Promise<Person> {
  const response = await fetch(`${url}/tap/start`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: url,
      "x-loyaltap-client-ip": testIp(),
    },
    body: new URLSearchParams({ id: tagId, lang: "en" }).toString(),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`start a guest card ${response.status}: ${await response.text()}`);
  const cookie = sessionCookie(response.headers);
  const me = await fetch(`${url}/api/auth/me`, { headers: { cookie, "x-loyaltap-client-ip": testIp() } });
  const json = (await me.json()) as { user: { id: string; guest?: boolean } };
  if (!json.user.guest) throw new Error(`not a guest: ${JSON.stringify(json)}`);
  return { id: json.user.id, email: "", cookie, bearer: "" };
}

export type World = {
  ownerA: Person;
  ownerB: Person;
  /** A's customer: a membership and an available reward at A. */
  member: Person;
  /** A customer with nothing at A. */
  customer: Person;
  admin: Person;
  /** Staff of A: the counter's actions at A, nothing of the owner's. */
  staffA: Person;
  /** Staff of B: nothing at A. */
  staffB: Person;
  /** A guest card started on B's tag: nothing at A, and no owner's or staff's rights anywhere. */
  guest: Person;
  /** A pending staff invitation of A's. */
  inviteA: { id: string };
  /** A draft campaign of A's (docs/campaigns.md): the owner's alone. */
  campaignA: { id: string };
  /** A webhook endpoint of A's and a failed message of it (docs/webhooks.md): the owner's alone. */
  webhookA: { id: string; messageId: string };
  /** A live API key of A's (docs/api.md): the owner's alone to create and revoke. */
  apiKeyA: { id: string };
  businessA: { id: string; slug: string; name: string };
  businessB: { id: string; slug: string; name: string };
  /** A's location (the one made with the business: docs/locations.md). */
  locationA: string;
  tagA: string;
  tagB: string;
  programA: { id: string; name: string; rewardName: string };
  rewardA: { id: string; code: string };
  /** A reward of A's member that A redeemed a moment ago (undo is still possible). */
  redeemedA: { id: string; code: string };
  /** Texts of A's that must never reach anyone but A (and the admin, for user data). */
  secretsOfA: string[];
  /** user id → the texts that are that user's own (shown to them on every signed-in page). */
  ownTexts: Record<string, string[]>;
};

/** Owner A (business, tag, stamps program of 1, a customer with a membership and an available reward), owner B, an admin. */
export async function buildWorld(cluster: Cluster): Promise<World> {
  const url = cluster.instances[0]!.url;
  const tag = unique();
  const tagA = `rel-a-${tag}`;
  const tagB = `rel-b-${tag}`;
  const nameA = `Alpha Roasters ${tag}`;
  const ownerA = await registerOwner(url, "owner-a", { name: nameA }, tagA, { first_name: `Anneliese${tag}` });
  const ownerB = await registerOwner(url, "owner-b", { name: `Bravo Bakery ${tag}` }, tagB);
  const member = await register(url, {
    email: `member-${tag}@example.test`,
    metadata: { first_name: `Membra${tag}`, last_name: "Mer" },
  });
  const customer = await register(url, {
    email: `customer-${tag}@example.test`,
    metadata: { first_name: "Plain", last_name: "Customer" },
  });
  const admin = await register(url, {
    email: `admin-${tag}@example.test`,
    metadata: { first_name: "Ad", last_name: "Min" },
  });
  await cluster.sql.query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
  const staffA = await register(url, {
    email: `staff-a-${tag}@example.test`,
    metadata: { first_name: `Stavros${tag}`, last_name: "Staff" },
  });
  const staffB = await register(url, {
    email: `staff-b-${tag}@example.test`,
    metadata: { first_name: "Bea", last_name: "Staff" },
  });
  await cluster.sql.query(
    `INSERT INTO "BusinessStaff" ("businessId", "userId", "invitedById") VALUES ($1, $2, $3), ($4, $5, $6)`,
    [ownerA.businessId, staffA.id, ownerA.id, ownerB.businessId, staffB.id, ownerB.id],
  );
  const { rows: invites } = await cluster.sql.query(
    `INSERT INTO "StaffInvite" (id, "businessId", email, "tokenHash", "invitedById", "expiresAt")
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4, now() + interval '7 days') RETURNING id`,
    [ownerA.businessId, `invited-${tag}@example.test`, `rel-invite-${tag}`, ownerA.id],
  );

  const guest = await startGuest(url, tagB);

  const programName = `Alpha Secret Card ${tag}`;
  const rewardName = `Alpha Free Flat White ${tag}`;
  const programId = await createProgram(url, ownerA, stampsProgramInput(ownerA.businessId!, programName, rewardName));
  await tap(url, member, tagA);
  const { rows: rewards } = await cluster.sql.query(`SELECT id, code FROM "Reward" WHERE "businessId" = $1`, [
    ownerA.businessId,
  ]);
  if (rewards.length !== 1) throw new Error(`expected one reward at A, found ${rewards.length}`);
  const redeemedCode = `R${tag.toUpperCase()}`.slice(0, 8);
  const { rows: redeemed } = await cluster.sql.query(
    `INSERT INTO "Reward" (id, code, "businessId", "programId", "membershipId", "userId", name, status, "redeemedAt", "redeemedById")
     SELECT gen_random_uuid()::text, $2, "businessId", "programId", "membershipId", "userId", name, 'REDEEMED', now(), $3 FROM "Reward" WHERE id = $1
     RETURNING id, code`,
    [rewards[0].id, redeemedCode, ownerA.id],
  );
  const { rows: campaigns } = await cluster.sql.query(
    `INSERT INTO "Campaign" ("id", "businessId", "name", "message", "seed", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'Campaign of A', 'A message of A', 'seed-of-a', now()) RETURNING "id"`,
    [ownerA.businessId],
  );
  const { rows: webhooks } = await cluster.sql.query(
    `INSERT INTO "WebhookEndpoint" ("id", "businessId", "url", "events", "secretEncrypted")
     VALUES (gen_random_uuid()::text, $1, 'https://hooks.example.com/a', ARRAY['visit.recorded'], 'v1:a:b:c') RETURNING "id"`,
    [ownerA.businessId],
  );
  const { rows: webhookMessages } = await cluster.sql.query(
    `INSERT INTO "WebhookMessage" ("id", "endpointId", "eventKey", "eventType", "payload", "status")
     VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), $1, 'test:a', 'visit.recorded', '{}'::jsonb, 'FAILED') RETURNING "id"`,
    [webhooks[0].id],
  );
  const { rows: apiKeys } = await cluster.sql.query(
    `INSERT INTO "ApiKey" ("id", "businessId", "name", "prefix", "secretHash", "scopes")
     VALUES (gen_random_uuid()::text, $1, 'Key of A', 'lt_live_keyofa00', md5(random()::text), ARRAY['read']) RETURNING "id"`,
    [ownerA.businessId],
  );
  const { rows: businesses } = await cluster.sql.query(`SELECT id, slug, name FROM "Business" WHERE id = ANY($1)`, [
    [ownerA.businessId, ownerB.businessId],
  ]);
  const byId = new Map(businesses.map((b: { id: string; slug: string; name: string }) => [b.id, b]));
  const { rows: locations } = await cluster.sql.query(
    `SELECT "id" FROM "Location" WHERE "businessId" = $1 ORDER BY "position", "createdAt", "id" LIMIT 1`,
    [ownerA.businessId],
  );
  const world: World = {
    ownerA,
    ownerB,
    member,
    customer,
    admin,
    staffA,
    staffB,
    guest,
    inviteA: { id: invites[0].id },
    campaignA: { id: campaigns[0].id },
    webhookA: { id: webhooks[0].id, messageId: webhookMessages[0].id },
    apiKeyA: { id: apiKeys[0].id },
    businessA: byId.get(ownerA.businessId!)!,
    businessB: byId.get(ownerB.businessId!)!,
    locationA: locations[0].id,
    tagA,
    tagB,
    programA: { id: programId, name: programName, rewardName },
    rewardA: { id: rewards[0].id, code: rewards[0].code },
    redeemedA: { id: redeemed[0].id, code: redeemed[0].code },
    secretsOfA: [],
    ownTexts: {
      [ownerA.id]: [ownerA.id, ownerA.email, `Anneliese${tag}`],
      [member.id]: [member.id, member.email, `Membra${tag}`],
      [staffA.id]: [staffA.id, staffA.email, `Stavros${tag}`],
    },
  };
  // The welcome and reward mails of these sign-ups and the tap are sent before anyone compares the database.
  await waitForMailJobs(cluster.sql);
  world.secretsOfA = [
    nameA,
    programName,
    rewardName,
    rewards[0].code,
    redeemed[0].code,
    ownerA.email,
    member.email,
    `Membra${tag}`,
    `Anneliese${tag}`,
    staffA.email,
    `invited-${tag}@example.test`,
  ];
  return world;
}
