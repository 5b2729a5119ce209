import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startStack } from "../../scripts/cluster/stack.mjs";
import {
  businessRegistration,
  postJson,
  registerCustomer,
  registerOwner,
  tap,
  unique,
  type Owner,
} from "../reliability/support/actors";
import { postAction } from "../reliability/support/action-manifest";
import { within } from "../support/redis-server";
import { profileForm } from "../support/profile-form";

// The deployment docs/operations.md describes, run: a fresh PostgreSQL
// database, a Redis of its own, two production instances started at the same
// moment (`npm start`, same AUTH_SECRET, TAG_KEY_ENCRYPTION_KEY, DATABASE_URL,
// REDIS_URL) and nginx in front with deploy/nginx/loyaltap.conf, all on
// loopback (scripts/cluster/stack.mjs). Every scenario runs three ways: written
// and read through nginx (which alternates between the instances), written on
// A and read on B, and written on B and read on A.

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack;
let sql: pg.Pool;

const NOT_FOUND = "Tag Not Found";
const NOT_VERIFIED = "This tag could not be verified.";
const KEY = "00112233445566778899aabbccddeeff";

type Route = { name: string; writer: () => string; reader: () => string };
const routes: Route[] = [
  { name: "through nginx", writer: () => stack.url, reader: () => stack.url },
  { name: "written on A, read on B", writer: () => stack.instances[0]!.url, reader: () => stack.instances[1]!.url },
  { name: "written on B, read on A", writer: () => stack.instances[1]!.url, reader: () => stack.instances[0]!.url },
];
const each = routes.map((route) => [route.name, route] as const);

async function page(baseUrl: string, pathname: string) {
  const response = await fetch(`${baseUrl}${pathname}`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}
const visitorTap = (baseUrl: string, tagId: string) => page(baseUrl, `/tap?id=${encodeURIComponent(tagId)}`);
const card = (baseUrl: string, slug: string) => page(baseUrl, `/b/${encodeURIComponent(slug)}`);

/**
 * Reads through `baseUrl` twice in a row: through nginx, consecutive requests
 * go to different instances, so both must show the same thing.
 */
async function bothShow(
  baseUrl: string,
  read: (baseUrl: string) => Promise<{ status: number; text: string }>,
  text: string,
) {
  for (let i = 0; i < 2; i++) {
    const answer = await read(baseUrl);
    if (answer.status !== 200 || !answer.text.includes(text)) return false;
  }
  return true;
}

type Cafe = Owner & { tagId: string; slug: string; name: string };

async function cafe(baseUrl: string): Promise<Cafe> {
  const tagId = `cluster-${unique()}`;
  const owner = await registerOwner(baseUrl, { tapId: tagId });
  const { rows } = await sql.query<{ slug: string; name: string }>(`SELECT slug, name FROM "Business" WHERE id = $1`, [
    owner.businessId,
  ]);
  return { ...owner, tagId, ...rows[0]! };
}

function profile(name: string, dailyTapLimit: number) {
  return profileForm({ name, description: "Coffee and cake", dailyTapLimit });
}

async function action(baseUrl: string, name: string, args: unknown[], cookie: string) {
  const answer = await postAction(baseUrl, name, args, { cookie });
  const result = answer.result as { ok?: boolean; id?: string } | undefined;
  if (answer.status !== 200 || result?.ok !== true)
    throw new Error(`${name} on ${baseUrl}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return result;
}

async function warm(baseUrl: string, owner: Cafe, expected = owner.name) {
  for (let i = 0; i < 2; i++) {
    expect(await bothShow(baseUrl, (url) => visitorTap(url, owner.tagId), expected)).toBe(true);
    expect(await bothShow(baseUrl, (url) => card(url, owner.slug), owner.name)).toBe(true);
  }
}

beforeAll(async () => {
  // SEED_DEMO=1: both instances' first run would seed the empty database.
  stack = await startStack({ instances: 2, env: { REGISTRATION_LIMIT_PER_HOUR: "0", SEED_DEMO: "1" } });
  sql = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});
afterAll(async () => {
  await sql?.end();
  await stack?.stop();
});

test("two instances started at the same moment on an empty database both come up healthy; the migrations and the demo seed ran once", async () => {
  for (const url of [stack.url, ...stack.instances.map((instance) => instance.url)]) {
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
  }
  const folders = readdirSync(path.join(process.cwd(), "prisma/migrations"), { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  const { rows } = await sql.query<{ migration_name: string; n: number }>(
    `SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL GROUP BY migration_name`,
  );
  expect(rows).toHaveLength(folders.length);
  expect(rows.every((row) => row.n === 1)).toBe(true);
  // One instance applied them; the other waited for it and found nothing to do.
  const appliers = stack.instances.filter((instance) => instance.output.join("").includes("Applied migrations:"));
  expect(appliers).toHaveLength(1);
  const seeders = stack.instances.filter((instance) => instance.output.join("").includes("Seeded the demo"));
  expect(seeders).toHaveLength(1);
  const demo = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "User" WHERE email LIKE '%@loyaltap.test'`,
  );
  expect(demo.rows[0]!.n).toBe(3);
  expect((await visitorTap(stack.url, "demo-cafe")).text).toContain("Café Central");
});

test.each(each)(
  "a business edit (%s) is on the other instance's visitor tap page and public card within 1 s",
  async (_name, route) => {
    const owner = await cafe(route.writer());
    await warm(route.reader(), owner);
    const renamed = `Renamed Cafe ${unique()}`;
    await action(route.writer(), "updateBusinessProfileAction", [owner.businessId, profile(renamed, 10)], owner.cookie);
    const took = await within(
      1000,
      async () =>
        (await bothShow(route.reader(), (url) => card(url, owner.slug), renamed)) &&
        (await bothShow(route.reader(), (url) => visitorTap(url, owner.tagId), renamed)),
    );
    expect(took).toBeLessThanOrEqual(1000);
  },
);

test.each(each)("a lowered daily limit (%s) holds on the very next tap", async (_name, route) => {
  const owner = await cafe(route.writer());
  await action(
    route.writer(),
    "updateBusinessProfileAction",
    [owner.businessId, profile(owner.name, 10)],
    owner.cookie,
  );
  const customer = await registerCustomer(route.reader());
  await warm(route.reader(), owner);
  expect((await tap(route.reader(), customer.accessToken, owner.tagId)).status).toBe(200);
  expect((await tap(route.reader(), customer.accessToken, owner.tagId)).status).toBe(200);
  await action(route.writer(), "updateBusinessProfileAction", [owner.businessId, profile(owner.name, 2)], owner.cookie);
  const refused = await tap(route.reader(), customer.accessToken, owner.tagId);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: "limit_reached" });
  const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Tap" WHERE "userId" = $1`, [
    customer.id,
  ]);
  expect(rows[0]!.n).toBe(2);
});

test.each(each)("secure mode turned on (%s) refuses the next tap without the chip's message", async (_name, route) => {
  const owner = await cafe(route.writer());
  const [before, after] = [await registerCustomer(route.reader()), await registerCustomer(route.reader())];
  await warm(route.reader(), owner);
  expect((await tap(route.reader(), before.accessToken, owner.tagId)).status).toBe(200);
  await action(
    route.writer(),
    "saveSecureTagKeysAction",
    [{ tagId: owner.tagId, metaReadKey: KEY, fileReadKey: KEY }],
    owner.cookie,
  );
  for (let i = 0; i < 2; i++) {
    const refused = await tap(route.reader(), after.accessToken, owner.tagId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "tag_not_verified" });
  }
  expect((await visitorTap(route.reader(), owner.tagId)).text).toContain(NOT_VERIFIED);
});

test.each(each)("a paused program (%s) earns nothing on the next tap", async (_name, route) => {
  const owner = await cafe(route.writer());
  const program = `Coffee card ${unique()}`;
  const { id } = (await action(
    route.writer(),
    "createProgramAction",
    [
      {
        businessId: owner.businessId,
        type: "stamps",
        name: program,
        description: "",
        startDate: "",
        endDate: "",
        rules: { stampsRequired: 10 },
        rewardName: "Free coffee",
        rewardDescription: "",
        rewardExpiryDays: null,
      },
    ],
    owner.cookie,
  )) as { id: string };
  const [before, after] = [await registerCustomer(route.reader()), await registerCustomer(route.reader())];
  await warm(route.reader(), owner, program);
  const earned = await tap(route.reader(), before.accessToken, owner.tagId);
  expect(earned.status).toBe(200);
  expect(earned.body).toMatchObject({
    progress_updated: true,
    active_programs: [expect.objectContaining({ program_id: id })],
  });
  await action(route.writer(), "setProgramActiveAction", [id, false], owner.cookie);
  const paused = await tap(route.reader(), after.accessToken, owner.tagId);
  expect(paused.status).toBe(200);
  expect(paused.body).toMatchObject({ progress_updated: false, active_programs: [] });
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Progress" p JOIN "Membership" m ON m.id = p."membershipId" WHERE p."programId" = $1 AND m."userId" = $2`,
    [id, after.id],
  );
  expect(rows[0]!.n).toBe(0);
});

test.each(each)("a wizard registration with tap_id (%s) shows the tag claimed at once", async (_name, route) => {
  const tagId = `cluster-${unique()}`;
  const name = `Wizard Cafe ${unique()}`;
  for (let i = 0; i < 2; i++)
    expect(await bothShow(route.reader(), (url) => visitorTap(url, tagId), NOT_FOUND)).toBe(true);
  const registered = await postJson(
    route.writer(),
    "/api/auth/register",
    businessRegistration(`wizard-${unique()}@example.test`, name, tagId),
  );
  expect(registered.status).toBe(201);
  // The very next requests, on every instance.
  expect(await bothShow(route.reader(), (url) => visitorTap(url, tagId), name)).toBe(true);
  const { rows } = await sql.query<{ slug: string }>(
    `SELECT b.slug FROM "Business" b JOIN "Tag" t ON t."businessId" = b.id WHERE t.id = $1`,
    [tagId],
  );
  expect(await bothShow(route.reader(), (url) => card(url, rows[0]!.slug), name)).toBe(true);
});

test("Redis stopped mid-run: pages keep answering through nginx and on each instance; started again, sharing is back", async () => {
  const [a, b] = stack.instances as [Stack["instances"][number], Stack["instances"][number]];
  const owner = await cafe(a.url);
  await warm(stack.url, owner);
  await stack.redis!.stop();
  const offline = `Offline Cafe ${unique()}`;
  await action(a.url, "updateBusinessProfileAction", [owner.businessId, profile(offline, 10)], owner.cookie);
  for (const url of [stack.url, a.url, b.url]) {
    expect(await bothShow(url, (u) => visitorTap(u, owner.tagId), offline)).toBe(true);
    expect(await bothShow(url, (u) => card(u, owner.slug), offline)).toBe(true);
  }
  await stack.redis!.start();
  await within(
    10_000,
    async () => [a, b].every((instance) => instance.output.join("").includes("Redis cache available again")),
    100,
  );
  await warm(b.url, { ...owner, name: offline });
  const back = `Back Cafe ${unique()}`;
  await action(a.url, "updateBusinessProfileAction", [owner.businessId, profile(back, 10)], owner.cookie);
  const took = await within(
    1000,
    async () =>
      (await bothShow(b.url, (u) => card(u, owner.slug), back)) &&
      (await bothShow(stack.url, (u) => visitorTap(u, owner.tagId), back)),
  );
  expect(took).toBeLessThanOrEqual(1000);
});
