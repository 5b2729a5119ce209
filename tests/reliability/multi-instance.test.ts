import { startCluster, type Cluster } from "./support/cluster";
import { createBusinessWithTag, registerCustomer, tap, type Actor } from "./support/actors";
import { callServerAction } from "./support/server-actions";
import { profileForm } from "../support/profile-form";

// Two production instances on one PostgreSQL database, each with its own
// in-process cache (no REDIS_URL): an owner's change made through instance A
// holds for the very next tap on instance B, even though B's cached landing
// of the tag (warmed by a tap and a look just before) still shows the old
// state. A visit decides from the database, never from a cache
// (docs/tap-api.md).

let cluster: Cluster;
let a: string;
let b: string;

beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { REDIS_URL: "" } });
  [a, b] = cluster.instances.map((instance) => instance.url) as [string, string];
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

async function action(baseUrl: string, name: string, args: unknown[], cookie: string) {
  const answer = await callServerAction<{ ok?: boolean; error?: string }>(baseUrl, name, args, { cookie });
  if (answer.status !== 200 || answer.result?.ok !== true)
    throw new Error(`${name}: ${answer.status} ${answer.text.slice(0, 500)}`);
}

/** B's landing of the tag, cached: a customer's tap and a visitor's look at the tag page. */
async function warmB(customer: Actor, tagId: string) {
  expect((await tap(b, customer.accessToken, tagId)).status).toBe(200);
  expect((await fetch(`${b}/tap?id=${encodeURIComponent(tagId)}`)).status).toBe(200);
}

/** The owner's profile form as it is saved, with a new daily tap limit. */
async function profileWithLimit(businessId: string, dailyTapLimit: number) {
  const { rows } = await cluster.sql.query<{ name: string; timezone: string }>(
    `SELECT "name", "timezone" FROM "Business" WHERE "id" = $1`,
    [businessId],
  );
  return profileForm({ name: rows[0]!.name, dailyTapLimit, timezone: rows[0]!.timezone });
}

const KEY = "00112233445566778899aabbccddeeff";

it("a daily limit lowered on A from 10 to 2: B accepts no more than 2 taps that day", async () => {
  const cafe = await createBusinessWithTag(a, cluster.sql, { dailyTapLimit: 10, stampsRequired: 50 });
  const customer = await registerCustomer(a);
  await warmB(customer, cafe.tagId);

  await action(
    a,
    "updateBusinessProfileAction",
    [cafe.businessId, await profileWithLimit(cafe.businessId, 2)],
    cafe.cookie,
  );

  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await tap(b, customer.accessToken, cafe.tagId)).status);
  // The warm-up tap was the first of the day: one more is allowed, the rest are refused.
  expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
  const { rows } = await cluster.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Tap" WHERE "userId" = $1`, [
    customer.id,
  ]);
  expect(rows[0]!.n).toBe(2);
}, 120_000);

it("secure mode turned on through A: B refuses a plain POST /api/tap with A's 403, 5 times out of 5; turned off, B accepts again", async () => {
  const cafe = await createBusinessWithTag(a, cluster.sql, { dailyTapLimit: 10, stampsRequired: 50 });
  const customer = await registerCustomer(a);
  await warmB(customer, cafe.tagId);

  await action(a, "saveSecureTagKeysAction", [{ tagId: cafe.tagId, metaReadKey: KEY, fileReadKey: KEY }], cafe.cookie);

  const onA = await tap(a, customer.accessToken, cafe.tagId);
  expect(onA.status).toBe(403);
  for (let i = 0; i < 5; i++) {
    const onB = await tap(b, customer.accessToken, cafe.tagId);
    expect({ status: onB.status, body: onB.body }).toEqual({ status: 403, body: onA.body });
  }
  const { rows } = await cluster.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Tap" WHERE "userId" = $1`, [
    customer.id,
  ]);
  expect(rows[0]!.n).toBe(1);

  // B's cache now holds the tag as secure (its pages were rendered since): turned off on A, B records the tap.
  expect((await fetch(`${b}/tap?id=${encodeURIComponent(cafe.tagId)}`)).status).toBe(200);
  await action(a, "disableSecureTagAction", [cafe.tagId], cafe.cookie);
  expect((await tap(b, customer.accessToken, cafe.tagId)).status).toBe(200);
}, 120_000);

it("a program paused through A earns nothing on B's next tap", async () => {
  const cafe = await createBusinessWithTag(a, cluster.sql, { dailyTapLimit: 10, stampsRequired: 50 });
  const customer = await registerCustomer(a);
  await warmB(customer, cafe.tagId);
  const stamps = async () =>
    (
      await cluster.sql.query<{ count: number }>(`SELECT "count" FROM "Progress" WHERE "programId" = $1`, [
        cafe.programId,
      ])
    ).rows.map((r) => r.count);
  expect(await stamps()).toEqual([1]);

  await action(a, "setProgramActiveAction", [cafe.programId, false], cafe.cookie);

  const next = await tap(b, customer.accessToken, cafe.tagId);
  expect(next.status).toBe(200);
  expect(next.body).toMatchObject({ active_programs: [], type: "no_programs" });
  expect(await stamps()).toEqual([1]);
}, 120_000);
