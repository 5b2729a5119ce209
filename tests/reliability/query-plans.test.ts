import { startCluster, type Cluster } from "./support/cluster";
import { logLineOf, sendLogged, type LoggedRequest } from "./support/request-log";
import { registerCustomer, registerOwner, tap, unique, type Actor, type Owner } from "./support/actors";

// Every lookup the hot pages make has an index. A production instance on
// PostgreSQL logs each request's statements with their values
// (LOYALTAP_TEST_CAPTURE_STATEMENTS, a test-only switch production refuses);
// with a seeded business of 20,000 members among 60,000, 150,000 visits,
// rewards, progress and an audit log to match (ANALYZEd), each statement the
// pages ran is EXPLAINed with its own values, and a sequential scan of a large
// table (10,000 rows or more here) fails the test: on a year of data it would
// read the whole table per request.
// docs/performance.md.

/** A table is large when the seeded data gives it at least this many rows (after ANALYZE). */
const LARGE = 10_000;
let largeTables = new Set<string>();

let cluster: Cluster;
let url: string;
let owner: Owner & { tagId: string };
let regular: Actor;
let slug: string;

type Statement = { text: string; values: unknown[] };

async function run(path: string, init: LoggedRequest = {}): Promise<Statement[]> {
  const { status, requestId } = await sendLogged(url, path, init);
  expect({ path, status }).toEqual({ path, status: 200 });
  const entry = await logLineOf<{ statements?: Statement[] }>(cluster.instances[0]!, requestId, "statements");
  return entry.statements ?? [];
}

type PlanNode = { "Node Type"?: string; "Relation Name"?: string; Plans?: PlanNode[] };

function seqScansOfLargeTables(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && largeTables.has(node["Relation Name"] ?? ""))
    found.push(node["Relation Name"]!);
  for (const child of node.Plans ?? []) seqScansOfLargeTables(child, found);
  return found;
}

const EXPLAINABLE = /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)\b/i;

/** Each statement EXPLAINed with its own values: "route: Seq Scan on X — statement" for each large table scanned. */
async function seqScans(route: string, statements: Statement[]): Promise<string[]> {
  const problems: string[] = [];
  for (const statement of statements) {
    if (!EXPLAINABLE.test(statement.text)) continue;
    const { rows } = await cluster.sql.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>({
      text: `EXPLAIN (FORMAT JSON) ${statement.text}`,
      values: statement.values,
    });
    for (const table of seqScansOfLargeTables(rows[0]!["QUERY PLAN"][0]!.Plan))
      problems.push(`${route}: Seq Scan on ${table} — ${statement.text.replace(/\s+/g, " ").slice(0, 160)}`);
  }
  return problems;
}

/** Three programs, as the demo café runs: a short stamp card (rewards are issued), points, tiers. */
async function addPrograms(businessId: string) {
  await cluster.sql.query(
    `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "rewardExpiryDays", "updatedAt", "createdAt")
     VALUES (gen_random_uuid()::text, $1, 'stamps', 'Coffee card', '{"stampsRequired": 3}', 'Free coffee', 30, now(), now() - interval '3 seconds'),
            (gen_random_uuid()::text, $1, 'points', 'Pastry points', '{"pointsPerVisit": 10, "threshold": 100}', 'Free pastry', 30, now(), now() - interval '2 seconds'),
            (gen_random_uuid()::text, $1, 'tier', 'Regulars club', '{}', 'Tier gift', NULL, now(), now() - interval '1 second')`,
    [businessId],
  );
}

/** A year of data around the owner's business: theirs is a third of it. */
async function seedYear(businessId: string) {
  const sql = cluster.sql;
  const [{ id: programId }] = (
    await sql.query<{ id: string }>(`SELECT "id" FROM "Program" WHERE "businessId" = $1 AND "type" = 'stamps'`, [
      businessId,
    ])
  ).rows as [{ id: string }];
  // 200 other businesses, 60,000 people; members 1…20,000 at the owner's business, the rest elsewhere.
  await sql.query(
    `INSERT INTO "User" ("id", "email", "firstName", "lastName", "name", "updatedAt")
     SELECT 'plan-u-' || g, 'plan-' || g || '@example.test', 'Member', 'N' || g, 'Member N' || g, now()
     FROM generate_series(1, 60000) g`,
  );
  await sql.query(
    `INSERT INTO "Business" ("id", "slug", "ownerId", "name", "updatedAt")
     SELECT 'plan-b-' || g, 'plan-b-' || g, 'plan-u-' || (59800 + g), 'Plan cafe ' || g, now()
     FROM generate_series(1, 200) g`,
  );
  await sql.query(
    `INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt")
     SELECT 'plan-m-' || g, 'plan-u-' || g,
            CASE WHEN g <= 20000 THEN $1 ELSE 'plan-b-' || (1 + g % 200) END,
            (now() AT TIME ZONE 'UTC') - interval '366 days'
     FROM generate_series(1, 59700) g`,
    [businessId],
  );
  await sql.query(
    `INSERT INTO "Tap" ("id", "businessId", "userId", "membershipId", "source", "day", "createdAt")
     SELECT gen_random_uuid()::text, m."businessId", m."userId", m."id", 'TAG', at::date, at
     FROM (SELECT 1 + floor(random() * 59700)::int AS n, (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
           FROM generate_series(1, 150000)) v
     JOIN "Membership" m ON m."id" = 'plan-m-' || v.n`,
  );
  await sql.query(
    `UPDATE "Membership" m SET "visitCount" = t.n, "firstVisitAt" = t.first, "lastVisitAt" = t.last
     FROM (SELECT "membershipId", count(*)::int AS n, min("createdAt") AS first, max("createdAt") AS last
           FROM "Tap" WHERE "membershipId" LIKE 'plan-m-%' GROUP BY "membershipId") t
     WHERE m."id" = t."membershipId"`,
  );
  await sql.query(
    `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "updatedAt")
     SELECT gen_random_uuid()::text, m."id", $2, m."visitCount" % 3, m."visitCount", now()
     FROM "Membership" m WHERE m."businessId" = $1`,
    [businessId, programId],
  );
  await sql.query(
    `INSERT INTO "Reward" ("id", "code", "businessId", "programId", "membershipId", "userId", "name", "status", "issuedAt", "expiresAt", "redeemedAt")
     SELECT gen_random_uuid()::text, 'PLAN' || lpad(g::text, 6, '0'), $1, $2, 'plan-m-' || (1 + g % 20000), 'plan-u-' || (1 + g % 20000),
            'Free coffee', (CASE WHEN g % 2 = 0 THEN 'REDEEMED' ELSE 'AVAILABLE' END)::"RewardStatus", at,
            at + interval '90 days', CASE WHEN g % 2 = 0 THEN at + interval '3 days' END
     FROM (SELECT g, (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at FROM generate_series(1, 10000) g) r`,
    [businessId, programId],
  );
  await sql.query(
    `INSERT INTO "RewardEvent" ("id", "rewardId", "type", "createdAt")
     SELECT gen_random_uuid()::text, "id", 'ISSUED'::"RewardEventType", "issuedAt" FROM "Reward" WHERE "businessId" = $1
     UNION ALL
     SELECT gen_random_uuid()::text, "id", 'REDEEMED'::"RewardEventType", "redeemedAt" FROM "Reward" WHERE "businessId" = $1 AND "redeemedAt" IS NOT NULL`,
    [businessId],
  );
  // The audit log of a busy counter: visits recorded and rewards redeemed by the owner, adjustments.
  await sql.query(
    `INSERT INTO "AuditLog" ("id", "businessId", "action", "actorId", "customerId", "reason", "details", "createdAt")
     SELECT gen_random_uuid()::text, $1, (ARRAY['VISIT_RECORDED','REDEMPTION','ADJUSTMENT'])[1 + g % 3]::"AuditAction",
            $2, 'plan-u-' || (1 + g % 20000), CASE WHEN g % 3 = 2 THEN 'Missed stamp' END, '{}'::jsonb,
            (now() AT TIME ZONE 'UTC') - random() * interval '365 days'
     FROM generate_series(1, 30000) g`,
    [businessId, owner.id],
  );
  await sql.query("ANALYZE");
  const { rows } = await sql.query<{ name: string }>(
    `SELECT c.relname AS "name" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.reltuples >= $1`,
    [LARGE],
  );
  largeTables = new Set(rows.map((row) => row.name));
}

beforeAll(async () => {
  cluster = await startCluster({
    instances: 1,
    env: { REGISTRATION_LIMIT_PER_HOUR: "0", LOYALTAP_TEST_CAPTURE_STATEMENTS: "1" },
  });
  url = cluster.instances[0]!.url;
  const tagId = `plans-${unique()}`;
  owner = { ...(await registerOwner(url, { tapId: tagId })), tagId };
  await addPrograms(owner.businessId);
  slug = (await cluster.sql.query<{ slug: string }>(`SELECT slug FROM "Business" WHERE id = $1`, [owner.businessId]))
    .rows[0]!.slug;
  await seedYear(owner.businessId);
  // A regular of the owner's business, and of 50 others.
  regular = await registerCustomer(url);
  const { rows: others } = await cluster.sql.query<{ tagId: string }>(
    `INSERT INTO "Tag" ("id", "businessId", "claimedAt", "updatedAt")
     SELECT 'plan-tag-' || g, 'plan-b-' || g, now(), now() FROM generate_series(1, 50) g RETURNING "id" AS "tagId"`,
  );
  for (const other of [...others, { tagId: owner.tagId }]) {
    const answer = await tap(url, regular.accessToken, other.tagId);
    if (answer.status !== 200) throw new Error(`tap ${other.tagId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
});

test("no hot page or route handler scans a large table from end to end", async () => {
  const base = `/dashboard/business/${owner.businessId}`;
  const fresh = await registerCustomer(url);
  const routes: [string, Statement[]][] = [
    ["visitor /tap", await run(`/tap?id=${encodeURIComponent(owner.tagId)}`)],
    ["card /b/[slug]", await run(`/b/${slug}`)],
    ["GET /api/tap", await run(`/api/tap?id=${encodeURIComponent(owner.tagId)}`, { bearer: fresh.accessToken })],
    ["POST /api/tap", await run("/api/tap", { method: "POST", body: { id: owner.tagId }, bearer: fresh.accessToken })],
    ["customer /dashboard", await run("/dashboard", { cookie: regular.cookie })],
    ["customer /dashboard/wallet", await run("/dashboard/wallet", { cookie: regular.cookie })],
    ["customer /dashboard/rewards", await run("/dashboard/rewards", { cookie: regular.cookie })],
    ["owner /dashboard", await run("/dashboard", { cookie: owner.cookie })],
    ["owner's business page", await run(base, { cookie: owner.cookie })],
    ["customers", await run(`${base}/customers`, { cookie: owner.cookie })],
    ["customers by visits", await run(`${base}/customers?sort=visits&filter=active`, { cookie: owner.cookie })],
    ["customers search", await run(`${base}/customers?q=n1234`, { cookie: owner.cookie })],
    ["a customer's card", await run(`${base}/customers/${regular.id}`, { cookie: owner.cookie })],
    ["insights", await run(`${base}/insights?range=365`, { cookie: owner.cookie })],
  ];
  const problems: string[] = [];
  let explained = 0;
  for (const [route, statements] of routes) {
    explained += statements.filter((s) => EXPLAINABLE.test(s.text)).length;
    problems.push(...(await seqScans(route, statements)));
  }
  // The seed made these large, so the check means something for each.
  expect([...largeTables].sort()).toEqual(
    expect.arrayContaining([
      "AuditLog",
      "BusinessDailyStat",
      "Membership",
      "Progress",
      "Reward",
      "RewardEvent",
      "Tap",
      "User",
    ]),
  );
  expect(explained).toBeGreaterThan(40);
  expect(problems).toEqual([]);
});
