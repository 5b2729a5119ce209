#!/usr/bin/env node
// npm run bench:segments — the segment builder's live count at the size of a
// busy business, on PostgreSQL (a benchmark: it prints figures, it asserts
// nothing). It creates its own database (BENCH_PG_URL's server; BENCH_DB_NAME
// to name it), seeds the year of data bench:owner uses (seedYearOfData:
// 50,000 members, 500,000 visits, ~30,000 rewards), adds what segments read
// and the owner bench does not (birthdays, guests, a points card, marketing
// consent, wallet cards, browsers, mail opt-outs), and then times
// countSegment (lib/campaigns/count-segment.ts, the statement the action runs)
// for each condition and a combination, BENCH_RUNS times each after a warm-up,
// one at a time on the app's own pool, and the lapsed-days suggestion.
// Target: every count p99 < 300 ms.
// Run with node --conditions=react-server --import tsx (the npm script does),
// so the TypeScript modules load as the server loads them.
import path from "node:path";
import pg from "pg";
import { root, run as runCommand, seedYearOfData } from "./lib.mjs";

const MEMBERS = Number(process.env.BENCH_MEMBERS || 50_000);
const VISITS = Number(process.env.BENCH_VISITS || 500_000);
const REWARDS = Number(process.env.BENCH_REWARDS || 30_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = process.env.BENCH_DB_NAME || `loyaltap_bench_segments_${Date.now()}`;
const TIMEZONE = "Europe/Madrid";

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** The owner and the business (what sign-up writes that the counts read). */
async function createBusiness(client) {
  const ownerId = "bench-owner";
  const businessId = "bench-business";
  await client.query(`INSERT INTO "User" ("id", "email", "updatedAt") VALUES ($1, 'owner@bench.example', now())`, [
    ownerId,
  ]);
  await client.query(
    `INSERT INTO "Business" ("id", "slug", "ownerId", "name", "timezone", "updatedAt")
     VALUES ($1, 'bench-segments', $2, 'Bench Café', $3, now())`,
    [businessId, ownerId, TIMEZONE],
  );
  return businessId;
}

/** What segments and reach read beyond the owner bench's year, spread over the members by their number. */
async function seedSegmentFacts(client, businessId) {
  const member = `'00000000-0000-4000-8000-' || lpad(g::text, 12, '0')`;
  const membership = `'bench-m-' || lpad(g::text, 6, '0')`;
  await client.query(
    `UPDATE "User" SET "birthday" = date '1980-01-01' + ((hashtext("id") & 65535) % 9000),
            "guest" = (hashtext("id") % 20 = 0), "email" = CASE WHEN hashtext("id") % 20 = 0 THEN NULL ELSE "email" END
     WHERE "id" LIKE '00000000-0000-4000-8000-%'`,
  );
  const [{ id: pointsId }] = (
    await client.query(
      `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "updatedAt")
       VALUES (gen_random_uuid()::text, $1, 'points', 'Points', '{"pointsPerVisit": 10, "threshold": 100}', 'Cake', now())
       RETURNING "id"`,
      [businessId],
    )
  ).rows;
  await client.query(
    `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "updatedAt")
     SELECT gen_random_uuid()::text, ${membership}, $1, (g * 7) % 100, (g * 7) % 100, now()
     FROM generate_series(1, $2::int) g WHERE g % 3 = 0`,
    [pointsId, MEMBERS],
  );
  await client.query(
    `INSERT INTO "MarketingConsent" ("userId", "businessId", "source", "withdrawnAt")
     SELECT ${member}, $1, 'bench', CASE WHEN g % 17 = 0 THEN now() END
     FROM generate_series(1, $2::int) g WHERE g % 5 <> 0`,
    [businessId, MEMBERS],
  );
  await client.query(
    `INSERT INTO "GoogleWalletObject" ("id", "membershipId", "objectId")
     SELECT gen_random_uuid()::text, ${membership}, 'bench-o-' || g FROM generate_series(1, $1::int) g WHERE g % 5 = 1`,
    [MEMBERS],
  );
  await client.query(
    `INSERT INTO "PushSubscription" ("id", "userId", "endpoint", "p256dh", "auth")
     SELECT gen_random_uuid()::text, ${member}, 'https://push.bench/' || g, 'k', 'a'
     FROM generate_series(1, $1::int) g WHERE g % 7 = 2`,
    [MEMBERS],
  );
  // Some members joined recently (the year's seed links everyone a year ago).
  await client.query(
    `UPDATE "Membership" SET "linkedAt" = (now() AT TIME ZONE 'UTC') - ((hashtext("id") & 1023) % 90) * interval '1 day'
     WHERE "businessId" = $1 AND hashtext("id") % 10 = 0`,
    [businessId],
  );
  await client.query(
    `INSERT INTO "MailOptOut" ("userId", "businessId") SELECT ${member}, $1 FROM generate_series(1, $2::int) g WHERE g % 50 = 3`,
    [businessId, MEMBERS],
  );
  await client.query("VACUUM ANALYZE");
  return pointsId;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  let db;
  try {
    await runCommand(process.execPath, [path.join(root, "scripts/db.mjs"), "migrate"], {
      ...process.env,
      DATABASE_URL: databaseUrl,
    });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const t0 = process.hrtime.bigint();
    const businessId = await createBusiness(client);
    const stampsId = await seedYearOfData(client, businessId, { members: MEMBERS, visits: VISITS, rewards: REWARDS });
    const pointsId = await seedSegmentFacts(client, businessId);
    const seedMs = ms(t0);
    await client.end();

    // The app's modules, on the bench database and its pool (DATABASE_POOL_MAX as the server's).
    process.env.DATABASE_URL = databaseUrl;
    const { countSegment } = await import("../lib/campaigns/count-segment.ts");
    const { segmentSchema } = await import("../lib/campaigns/segment.ts");
    const { suggestedLapsedDays } = await import("../lib/campaigns/typical-gap.ts");
    ({ db } = await import("../lib/db/index.ts"));

    const t1 = process.hrtime.bigint();
    const lapsed = await suggestedLapsedDays(businessId);
    const suggestMs = ms(t1);
    const cases = [
      ["every member", {}],
      ["guests excluded", { guests: "exclude" }],
      [`lapsed ${lapsed} days (the suggestion)`, { lapsedDays: lapsed }],
      ["lapsed 90 days", { lapsedDays: 90 }],
      ["close to a reward (2 visits)", { closeToReward: 2 }],
      ["close to a reward on the points card (1)", { closeToReward: 1, programId: pointsId }],
      ["rewards ready and unused", { rewardsReady: true }],
      ["birthday this month", { birthdayThisMonth: true }],
      ["new in the last 30 days", { newDays: 30 }],
      ["top 1,000 by visits", { topVisits: 1000 }],
      ["members of the stamp card", { programId: stampsId }],
      [
        "lapsed 30 + close (3) + no guests + top 5,000",
        { lapsedDays: 30, closeToReward: 3, guests: "exclude", topVisits: 5000 },
      ],
      ["birthday + rewards ready + points card", { birthdayThisMonth: true, rewardsReady: true, programId: pointsId }],
    ];
    const rows = [];
    for (const [name, input] of cases) {
      const segment = segmentSchema.parse(input);
      const ctx = { businessId, timezone: TIMEZONE, now: new Date() };
      let count;
      for (let i = 0; i < 10; i++) count = await countSegment(ctx, segment); // warm-up: prepared, cached
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const start = process.hrtime.bigint();
        await countSegment({ ...ctx, now: new Date() }, segment);
        times.push(ms(start));
      }
      times.sort((a, b) => a - b);
      rows.push({ name, count, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1) });
    }

    console.log(
      `\nSegments benchmark: ${MEMBERS} members, ${VISITS} visits, ${REWARDS} rewards in one business (seeded in ${(seedMs / 1000).toFixed(1)} s); countSegment on PostgreSQL, ${RUNS} runs each after 10 warm-up runs, one at a time`,
    );
    console.log(`Suggested lapsed days: ${lapsed} (computed in ${suggestMs.toFixed(0)} ms)`);
    console.log(
      "| segment | members | reachable | no consent | no channel | wallet/push/email | p50 ms | p99 ms | max ms | p99 < 300 ms |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |");
    for (const r of rows) {
      const c = r.count;
      console.log(
        `| ${r.name} | ${c.members} | ${c.reachable} | ${c.noConsent} | ${c.noChannel} | ${c.byChannel.wallet}/${c.byChannel.push}/${c.byChannel.email} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.p99 < 300 ? "✓" : "✗"} |`,
      );
    }
  } finally {
    if (db) await db.$disconnect();
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
