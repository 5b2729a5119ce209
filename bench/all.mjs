#!/usr/bin/env node
// npm run bench — one table for the whole product on a year of data (a
// benchmark: it prints figures, it asserts nothing). On the production build
// and PostgreSQL (BENCH_PG_URL's server), in a database of its own
// (loyaltap_bench_all_*, dropped at the end), it seeds with a few INSERT …
// SELECT generate_series statements: 1,000 businesses (an owner and 3 tags
// each, 1–3 programs), 50,000 customers, 500,000 visits over the past 365
// days, 30,000 rewards and their memberships and progress. Among them one big
// business (50,000 members, most visits, stamps of 3 + points + tier), one
// business with no program and one customer who is a member of 50 businesses.
// The POST rows that earn tap businesses whose owners switched the review
// queue's burst rule off; one more row taps a tag that rule holds
// (docs/review-queue.md).
// Then autocannon (20 connections for public pages and the API, 10 signed in;
// each path warmed first) measures every row against its ceiling: pages against
// the static /about, API rows against GET /api/auth/me without credentials
// (401, no database work). The same again with two instances behind nginx and
// Redis (scripts/cluster/stack.mjs), seeded the same way. The instances run
// with JOB_WORKER=off, as a busy deployment does (docs/jobs.md): the mails and
// pushes the rewarded taps queue are left for `npm run worker` processes,
// instead of being worked by the server while the next rows are measured.
// Writes bench/results/bench-<commit>.json and .svg (the ratios as bars).
// Env: BENCH_SCALE (1; 0.02 for a quick round), BENCH_SECONDS (10 per row),
// BENCH_WARM_SECONDS (2), BENCH_TAP_CUSTOMERS (customers for the POST rows,
// 30,000: half of them regulars of the big business, a third of whom are one
// stamp from a reward, half newcomers), BENCH_ONLY=single or cluster, BENCH_PG_URL, BENCH_ROWS (only
// the rows whose name contains one of these comma-separated words; the
// ceilings are always measured), BENCH_CPU_PROF (a folder: the single
// instance runs with --cpu-prof and writes its profile there on exit).
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  BENCH_AUTH_SECRET as AUTH_SECRET,
  cannon,
  countersOff,
  countersRebuilt,
  createCustomers,
  ensureBuild,
  INSERT_REWARDS,
  REWARD_STATE,
  freePort,
  postTapOptions,
  root,
  run as runCommand,
  seedMembers,
  startApp,
  stopApp,
  syncMembershipVisits,
  signUpAndIn,
  summarise,
  waitFor200,
} from "./lib.mjs";
import { createDatabase, startStack } from "../scripts/cluster/stack.mjs";

const SCALE = Number(process.env.BENCH_SCALE || 1);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS || 2);
const TAP_CUSTOMERS = Number(process.env.BENCH_TAP_CUSTOMERS || 30_000);
const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const only = process.env.BENCH_ONLY || "single,cluster";
const rowFilter = (process.env.BENCH_ROWS || "")
  .split(",")
  .map((word) => word.trim())
  .filter(Boolean);
const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : "";
const PASSWORD = "bench password 0123";
// At least 60 businesses at any scale: the customer of 50 businesses needs them.
const SIZE = {
  businesses: Math.max(60, Math.round(1000 * SCALE)),
  customers: Math.max(1000, Math.round(50_000 * SCALE)),
  visits: Math.max(5000, Math.round(500_000 * SCALE)),
  rewards: Math.max(300, Math.round(30_000 * SCALE)),
};
const SMALL_MEMBERS = 20; // members of each business but the big one
const BIG_SHARE = 0.8; // of the visits and rewards, in the big business
const PUBLIC_CONNECTIONS = 20;
const SIGNED_IN_CONNECTIONS = 10;

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * Seeds the year. The triggers that keep the rollups and membership counters
 * are off while the rows go in (one statement each, row triggers would cost
 * minutes); the migrations' own backfills then rebuild those tables at once.
 */
async function seed(databaseUrl, { bigBusinessId, regularEmail }) {
  const t0 = process.hrtime.bigint();
  const { businesses: B, customers: C, visits: V, rewards: R } = SIZE;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = (sql, params) => client.query(sql, params);
    const regular = (await q(`SELECT "id" FROM "User" WHERE "email" = $1`, [regularEmail])).rows[0].id;
    await q("BEGIN");
    await countersOff(client);
    await q(
      `INSERT INTO "User" ("id", "email", "firstName", "lastName", "name", "updatedAt")
       SELECT 'bench-o-' || lpad(g::text, 4, '0'), 'owner' || g || '@bench.example', 'Owner', 'Shop' || g, 'Owner Shop' || g, now()
       FROM generate_series(2, $1::int) g`,
      [B],
    );
    await seedMembers(client, C);
    // Business 2 runs no program; 3..B run 1–3.
    await q(
      `INSERT INTO "Business" ("id", "slug", "ownerId", "name", "updatedAt")
       SELECT 'bench-b-' || lpad(g::text, 4, '0'), 'bench-shop-' || g, 'bench-o-' || lpad(g::text, 4, '0'), 'Bench shop ' || g, now()
       FROM generate_series(2, $1::int) g`,
      [B],
    );
    await q(
      `INSERT INTO "Tag" ("id", "businessId", "label", "claimedAt", "claimedById", "updatedAt")
       SELECT 'bt-' || substr(md5(b."id"), 1, 12) || '-' || k, b."id", 'Counter ' || k, now(), b."ownerId", now()
       FROM "Business" b CROSS JOIN generate_series(1, 3) k
       WHERE b."id" = $1 OR b."id" LIKE 'bench-b-%'`,
      [bigBusinessId],
    );
    await q(
      `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "rewardExpiryDays", "updatedAt")
       VALUES ('bench-p-big-1', $1, 'stamps', 'Coffee card', '{"stampsRequired": 3}', 'Free coffee', 90, now()),
              ('bench-p-big-2', $1, 'points', 'Points', '{"pointsPerVisit": 10, "threshold": 100}', 'Free pastry', 90, now()),
              ('bench-p-big-3', $1, 'tier', 'Tiers', '{}', 'Gold perk', NULL, now())`,
      [bigBusinessId],
    );
    await q(
      `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "rewardExpiryDays", "updatedAt")
       SELECT 'bench-p-' || g || '-' || k, 'bench-b-' || lpad(g::text, 4, '0'), (ARRAY['stamps','points','tier'])[k],
              (ARRAY['Stamp card','Points','Tiers'])[k],
              (ARRAY['{"stampsRequired": 10}','{"pointsPerVisit": 10, "threshold": 100}','{}'])[k]::jsonb, 'Treat', 90, now()
       FROM generate_series(3, $1::int) g CROSS JOIN generate_series(1, 3) k
       WHERE k <= 1 + g % 3`,
      [B],
    );
    // Memberships: every customer in the big business, SMALL_MEMBERS in each other one,
    // and the regular customer in the big one and 49 others.
    await q(
      `INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt")
       SELECT 'bench-m-0-' || g, '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), $1, now() FROM generate_series(1, $2::int) g`,
      [bigBusinessId, C],
    );
    await q(
      `INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt")
       SELECT 'bench-m-' || g || '-' || k, '00000000-0000-4000-8000-' || lpad((1 + (g * 37 + k * 1009) % $2::int)::text, 12, '0'),
              'bench-b-' || lpad(g::text, 4, '0'), now()
       FROM generate_series(2, $1::int) g CROSS JOIN generate_series(1, $3::int) k
       ON CONFLICT DO NOTHING`,
      [B, C, SMALL_MEMBERS],
    );
    await q(
      `INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt")
       SELECT 'bench-m-r-' || g, $1, CASE WHEN g = 1 THEN $2 ELSE 'bench-b-' || lpad(g::text, 4, '0') END, now()
       FROM generate_series(1, 50) g`,
      [regular, bigBusinessId],
    );
    // Visits over the past 365 days, on each business's local day: most in the big
    // business, members visiting unevenly (squared random); the rest spread evenly.
    const bigVisits = Math.round(V * BIG_SHARE);
    await q(
      `INSERT INTO "Tap" ("id", "businessId", "tagId", "userId", "membershipId", "source", "day", "createdAt")
       SELECT gen_random_uuid()::text, $1, 'bt-' || substr(md5($1), 1, 12) || '-1', '00000000-0000-4000-8000-' || lpad(m::text, 12, '0'),
              'bench-m-0-' || m, 'TAG', "insights_local_day"(at, (SELECT "timezone" FROM "Business" WHERE "id" = $1)), at
       FROM (SELECT 1 + floor(power(random(), 2) * $2::int)::int AS m,
                    (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
             FROM generate_series(1, $3::int)) v`,
      [bigBusinessId, C, bigVisits],
    );
    const others = (await q(`SELECT count(*)::int AS n FROM "Membership" WHERE "id" NOT LIKE 'bench-m-0-%'`)).rows[0].n;
    await q(
      `INSERT INTO "Tap" ("id", "businessId", "tagId", "userId", "membershipId", "source", "day", "createdAt")
       SELECT gen_random_uuid()::text, m."businessId", 'bt-' || substr(md5(m."businessId"), 1, 12) || '-1', m."userId", m."id",
              'TAG', "insights_local_day"(at, b."timezone"), at
       FROM "Membership" m JOIN "Business" b ON b."id" = m."businessId"
       CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
                           FROM generate_series(1, $1::int) WHERE m."id" IS NOT NULL) v
       WHERE m."id" NOT LIKE 'bench-m-0-%'`,
      [Math.max(1, Math.ceil((V - bigVisits) / others))],
    );
    await syncMembershipVisits(client);
    // Progress of every membership in every program of its business, from its visits.
    await q(
      `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "updatedAt")
       SELECT gen_random_uuid()::text, m."id", p."id",
              CASE p."type" WHEN 'stamps' THEN m."visitCount" % (p."rules"->>'stampsRequired')::int
                            WHEN 'points' THEN (m."visitCount" * 10) % 100 ELSE m."visitCount" END,
              CASE p."type" WHEN 'points' THEN m."visitCount" * 10 ELSE m."visitCount" END,
              CASE WHEN p."type" <> 'tier' THEN NULL WHEN m."visitCount" >= 15 THEN 'Gold'
                   WHEN m."visitCount" >= 5 THEN 'Silver' ELSE 'Bronze' END,
              now()
       FROM "Membership" m JOIN "Program" p ON p."businessId" = m."businessId"`,
    );
    // Rewards: most from the big business's 3-stamp card, the rest from the others'
    // first program; half redeemed, the rest available (some past their expiry).
    const bigRewards = Math.round(R * BIG_SHARE);
    await q(
      `${INSERT_REWARDS}
       SELECT gen_random_uuid()::text, 'BENCHB' || lpad(g::text, 6, '0'), $1, 'bench-p-big-1', 'bench-m-0-' || m,
              '00000000-0000-4000-8000-' || lpad(m::text, 12, '0'), 'Free coffee', ${REWARD_STATE}
       FROM (SELECT g, 1 + floor(power(random(), 2) * $2::int)::int AS m,
                    (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
             FROM generate_series(1, $3::int) g) r`,
      [bigBusinessId, C, bigRewards],
    );
    await q(
      `${INSERT_REWARDS}
       SELECT gen_random_uuid()::text, 'BENCHS' || lpad(g::text, 6, '0'), m."businessId", 'bench-p-' || r.b || '-1', m."id",
              m."userId", 'Treat', ${REWARD_STATE}
       FROM (SELECT g, 3 + floor(random() * ($2::int - 2))::int AS b, 1 + floor(random() * $3::int)::int AS k,
                    (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
             FROM generate_series(1, $1::int) g) r
       JOIN "Membership" m ON m."id" = 'bench-m-' || r.b || '-' || r.k`,
      [R - bigRewards, B, SMALL_MEMBERS],
    );
    // The POST rows tap one tag hundreds of times a second: a burst the review queue's
    // rule holds (docs/review-queue.md). The rows that measure the visit that earns tap
    // businesses whose owners switched that rule off, as an owner expecting a crowd
    // does; the held row taps a tag used once an hour the week before, rule on.
    await q(`UPDATE "Business" SET "reviewRules" = '{"tagBurst": {"on": false}}' WHERE "id" IN ($1, 'bench-b-0002')`, [
      bigBusinessId,
    ]);
    await q(
      `INSERT INTO "Tap" ("id", "businessId", "tagId", "source", "day", "createdAt")
       SELECT gen_random_uuid()::text, 'bench-b-0003', 'bt-' || substr(md5('bench-b-0003'), 1, 12) || '-2', 'TAG', at::date, at
       FROM (SELECT (now() AT TIME ZONE 'UTC') - interval '90 minutes' - h * interval '1 hour' AS at FROM generate_series(0, 167) h) v`,
    );
    await countersRebuilt(client);
    await q("COMMIT");
    await q("ANALYZE");
    const counts = (
      await q(
        `SELECT (SELECT count(*) FROM "Business")::int AS businesses, (SELECT count(*) FROM "Membership")::int AS memberships,
                (SELECT count(*) FROM "Tap")::int AS visits, (SELECT count(*) FROM "Reward")::int AS rewards,
                (SELECT count(*) FROM "Progress")::int AS progress,
                (SELECT sum("visits") FROM "BusinessDailyStat")::int AS "rolledUpVisits",
                (SELECT sum("rewardsEarned") FROM "Membership")::int AS "membershipRewards",
                (SELECT count(*) FROM "Membership" WHERE "businessId" = $1)::int AS "bigMembers",
                (SELECT count(*) FROM "Membership" WHERE "userId" = $2)::int AS "regularMemberships"`,
        [bigBusinessId, regular],
      )
    ).rows[0];
    const fixture = (
      await q(
        `SELECT (SELECT "slug" FROM "Business" WHERE "id" = $1) AS "bigSlug",
                (SELECT "id" FROM "Tag" WHERE "businessId" = $1 ORDER BY "id" LIMIT 1) AS "bigTag",
                (SELECT "id" FROM "Tag" WHERE "businessId" = 'bench-b-0002' ORDER BY "id" LIMIT 1) AS "bareTag",
                'bt-' || substr(md5('bench-b-0003'), 1, 12) || '-2' AS "burstTag"`,
        [bigBusinessId],
      )
    ).rows[0];
    return { seedMs: ms(t0), counts, ...fixture };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Signs up the big business's owner and the regular customer, seeds, and makes the tokens of the POST rows. */
async function prepare(base, databaseUrl) {
  const stamp = Date.now();
  const owner = await signUpAndIn(base, {
    email: `bench-owner-${stamp}@bench.example`,
    password: PASSWORD,
    business: "Bench Café",
  });
  const regularEmail = `bench-regular-${stamp}@bench.example`;
  const regular = await signUpAndIn(base, { email: regularEmail, password: PASSWORD });
  const seeded = await seed(databaseUrl, { bigBusinessId: owner.businessId, regularEmail });
  // The three-program row taps as the big business's regulars (a third of them
  // complete their 3-stamp card and get a reward); the no-program row as newcomers.
  const half = Math.ceil(TAP_CUSTOMERS / 2);
  const card = { businessId: owner.businessId, programId: "bench-p-big-1", stampsRequired: 3 };
  const regulars = { tokens: await createCustomers(databaseUrl, half, card), next: 0 };
  const newcomers = { tokens: await createCustomers(databaseUrl, half), next: 0 };
  return { ...seeded, owner, regular, regulars, newcomers, databaseUrl };
}

/** The measured rows: [name, path, kind (page | api), connections, extra autocannon options]. */
function rowsOf(ctx) {
  const page = `/dashboard/business/${ctx.owner.businessId}`;
  const owner = { headers: { cookie: ctx.owner.cookie } };
  return [
    { name: "static /about (ceiling)", path: "/about", kind: "page", ceiling: true },
    { name: "GET /api/auth/me 401 (ceiling)", path: "/api/auth/me", kind: "api", ceiling: true, expect: 401 },
    { name: "visitor /tap?id=", path: `/tap?id=${ctx.bigTag}`, kind: "page", ratioTarget: 0.9 },
    { name: "card /b/[slug]", path: `/b/${ctx.bigSlug}`, kind: "page", ratioTarget: 0.9 },
    { name: "GET /api/tap?id=", path: `/api/tap?id=${ctx.bigTag}`, kind: "api" },
    {
      name: "POST /api/tap, three programs",
      path: "/api/tap",
      kind: "api",
      ratioTarget: 0.6,
      p99Target: 100,
      options: postTapOptions(ctx.bigTag, ctx.regulars),
    },
    {
      name: "POST /api/tap, no program",
      path: "/api/tap",
      kind: "api",
      options: postTapOptions(ctx.bareTag, ctx.newcomers),
    },
    {
      // Answered 202: each tap written as a held visit after a visit statement rolled back.
      name: "POST /api/tap, held by the burst rule",
      path: "/api/tap",
      kind: "api",
      options: postTapOptions(ctx.burstTag, ctx.newcomers),
      counted: `SELECT count(*)::int AS "held" FROM "HeldVisit" WHERE "businessId" = 'bench-b-0003'`,
    },
    {
      name: "customer /dashboard (50 memberships)",
      path: "/dashboard",
      kind: "page",
      signedIn: true,
      p99Target: 200,
      options: { headers: { cookie: ctx.regular.cookie } },
    },
    { name: "owner business page", path: page, kind: "page", signedIn: true, p99Target: 200, options: owner },
    {
      name: "owner customers list",
      path: `${page}/customers`,
      kind: "page",
      signedIn: true,
      p99Target: 200,
      options: owner,
    },
    { name: "owner insights", path: `${page}/insights`, kind: "page", signedIn: true, p99Target: 200, options: owner },
  ];
}

async function measure(setup, base, ctx) {
  const results = [];
  const rows = rowsOf(ctx).filter(
    (row) => row.ceiling || !rowFilter.length || rowFilter.some((w) => row.name.includes(w)),
  );
  for (const row of rows) {
    const options = {
      connections: row.signedIn ? SIGNED_IN_CONNECTIONS : PUBLIC_CONNECTIONS,
      ...row.options,
    };
    // What one request answers (a POST spends a token of the pool like any other).
    const request = options.requests?.[0].setupRequest({ headers: {} }) ?? { headers: options.headers };
    const probe = await fetch(base + row.path, {
      method: options.method ?? "GET",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
    });
    await probe.arrayBuffer();
    await cannon(base + row.path, { ...options, duration: WARM_SECONDS });
    const result = await cannon(base + row.path, { ...options, duration: SECONDS });
    const summary = summarise(row.name, result);
    // What the row left in the database (the held row: its held visits), beside its figures.
    if (row.counted) {
      const client = new pg.Client({ connectionString: ctx.databaseUrl });
      await client.connect();
      try {
        Object.assign(summary, (await client.query(row.counted)).rows[0]);
      } finally {
        await client.end();
      }
    }
    // The 401 ceiling answers 4xx by design: only other answers count as failures there.
    if (row.expect === 401) summary.failures = result.requests.total - result["4xx"] + result.errors + result.timeouts;
    results.push({
      setup,
      ...summary,
      path: row.path.replace(/[0-9a-f-]{36}/g, "<id>"),
      kind: row.kind,
      connections: options.connections,
      status: probe.status,
      bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
      ceiling: Boolean(row.ceiling),
      ratioTarget: row.ratioTarget ?? null,
      p99Target: row.p99Target ?? null,
    });
    console.log(
      `  ${setup} · ${row.name}: ${summary.rps.toFixed(0)} req/s, p99 ${summary.p99} ms (status ${probe.status})` +
        (summary.held === undefined ? "" : `, ${summary.held} held`),
    );
  }
  if ([ctx.regulars, ctx.newcomers].some((pool) => pool.next > pool.tokens.length))
    console.warn(`(${setup}: more taps than customers; repeats hit the daily limit — raise BENCH_TAP_CUSTOMERS)`);
  const ceilingOf = (kind) => results.find((r) => r.ceiling && r.kind === kind).rps;
  for (const r of results) {
    r.ratio = r.rps / ceilingOf(r.kind);
    const checks = [];
    if (r.ratioTarget !== null) checks.push(r.ratio >= r.ratioTarget);
    if (r.p99Target !== null) checks.push(r.p99 < r.p99Target);
    r.met = checks.length ? checks.every(Boolean) && r.failures === 0 : null;
  }
  return results;
}

async function benchSingle() {
  const database = await createDatabase(adminUrl, "loyaltap_bench_all");
  let child;
  let log = "";
  try {
    await runCommand(process.execPath, [path.join(root, "scripts/db.mjs"), "migrate"], {
      ...process.env,
      DATABASE_URL: database.url,
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startApp(
      {
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        AUTH_SECRET,
        AUTH_URL: base,
        SITE_URL: base,
        REGISTRATION_LIMIT_PER_HOUR: "0",
        SEED_DEMO: "0",
        JOB_WORKER: "off",
      },
      cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [],
    );
    child.stdout.on("data", (d) => (log = (log + d).slice(-8000)));
    child.stderr.on("data", (d) => (log = (log + d).slice(-8000)));
    await waitFor200(`${base}/about`).catch((error) => {
      console.error(log);
      throw error;
    });
    const ctx = await prepare(base, database.url);
    console.log(`single instance: seeded in ${(ctx.seedMs / 1000).toFixed(1)} s`, ctx.counts);
    return { seedMs: ctx.seedMs, counts: ctx.counts, rows: await measure("1 instance", base, ctx) };
  } catch (error) {
    console.error(`app output (tail):\n${log}`);
    throw error;
  } finally {
    if (child) await stopApp(child);
    await database.drop();
  }
}

async function benchCluster() {
  const stack = await startStack({
    root,
    instances: 2,
    adminUrl,
    databasePrefix: "loyaltap_bench_all_cluster",
    env: { AUTH_SECRET, SEED_DEMO: "0", REGISTRATION_LIMIT_PER_HOUR: "0", JOB_WORKER: "off" },
  });
  try {
    const ctx = await prepare(stack.url, stack.databaseUrl);
    console.log(`cluster: seeded in ${(ctx.seedMs / 1000).toFixed(1)} s`);
    return { seedMs: ctx.seedMs, rows: await measure("2 instances + nginx + Redis", stack.url, ctx) };
  } finally {
    await stack.stop();
  }
}

const fmt = (n, digits = 0) => n.toFixed(digits);

function targetText(r) {
  const parts = [];
  if (r.ratioTarget !== null) parts.push(`≥ ${r.ratioTarget}× ${r.ratio >= r.ratioTarget ? "✓" : "✗"}`);
  if (r.p99Target !== null) parts.push(`p99 < ${r.p99Target} ms ${r.p99 < r.p99Target ? "✓" : "✗"}`);
  if (parts.length && r.failures > 0) parts.push("failures ✗");
  return parts.join(", ");
}

function table(rows) {
  const lines = [
    "| setup | row | conns | status | KB/resp | req/s | p50 ms | p99 ms | × ceiling | target | non-2xx/errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.setup} | ${r.name} | ${r.connections} | ${r.status} | ${fmt(r.bytesPerResponse / 1024, 1)} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(r.ratio, 2)} | ${targetText(r)} | ${r.failures} |`,
    );
  return lines.join("\n");
}

const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A horizontal bar per row (its ratio to its ceiling), with the 0.9 and 0.6 target lines. */
function chart(rows, title) {
  const labelWidth = 360;
  const plotWidth = 520;
  const barHeight = 18;
  const gap = 8;
  const top = 70;
  const max = Math.max(1.2, ...rows.map((r) => r.ratio)) * 1.05;
  const x = (ratio) => labelWidth + (ratio / max) * plotWidth;
  const setups = [...new Set(rows.map((r) => r.setup))];
  const items = [];
  let y = top;
  for (const setup of setups) {
    items.push(`<text x="8" y="${y + 12}" font-weight="bold">${escapeXml(setup)}</text>`);
    y += barHeight + gap;
    for (const r of rows.filter((row) => row.setup === setup)) {
      const colour = r.met === null ? "#8a8f98" : r.met ? "#2e8b57" : "#c0392b";
      const label = `${r.name} (${r.kind === "page" ? "÷ /about" : "÷ /api/auth/me"})`;
      items.push(
        `<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end">${escapeXml(label)}</text>`,
        `<rect x="${labelWidth}" y="${y}" width="${Math.max(1, x(r.ratio) - labelWidth).toFixed(1)}" height="${barHeight}" fill="${colour}"><title>${escapeXml(`${r.name}: ${fmt(r.rps)} req/s, p99 ${r.p99} ms`)}</title></rect>`,
        `<text x="${(x(r.ratio) + 4).toFixed(1)}" y="${y + 13}">${fmt(r.ratio, 2)}×</text>`,
      );
      y += barHeight + gap;
    }
    y += gap;
  }
  const lines = [
    [0.9, "0.9 pages target", "#1f5fbf"],
    [0.6, "0.6 POST /api/tap target", "#b8860b"],
  ].map(
    ([ratio, text, colour], i) =>
      `<line x1="${x(ratio).toFixed(1)}" y1="${top - 8}" x2="${x(ratio).toFixed(1)}" y2="${y}" stroke="${colour}" stroke-width="2" stroke-dasharray="6 4"/>` +
      `<text x="${x(ratio).toFixed(1)}" y="${top - 14 - i * 14}" text-anchor="middle" fill="${colour}">${text}</text>`,
  );
  const width = labelWidth + plotWidth + 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y + 30}" viewBox="0 0 ${width} ${y + 30}" font-family="system-ui, sans-serif" font-size="13">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="8" y="20" font-size="15" font-weight="bold">${escapeXml(title)}</text>
<line x1="${labelWidth}" y1="${top - 8}" x2="${labelWidth}" y2="${y}" stroke="#333"/>
${lines.join("\n")}
${items.join("\n")}
<text x="8" y="${y + 20}" fill="#555">green: target met · red: missed · grey: no target</text>
</svg>
`;
}

const started = process.hrtime.bigint();
await ensureBuild();
const setups = [];
if (only.includes("single")) setups.push(await benchSingle());
if (only.includes("cluster")) setups.push(await benchCluster());
const rows = setups.flatMap((s) => s.rows);
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
const totalMs = ms(started);
const report = {
  commit,
  date: new Date().toISOString(),
  machine: { nproc: os.availableParallelism(), totalMemoryBytes: os.totalmem(), node: process.version },
  scale: SCALE,
  size: SIZE,
  seconds: SECONDS,
  seedSeconds: setups.map((s) => Number((s.seedMs / 1000).toFixed(1))),
  seeded: setups[0]?.counts,
  totalSeconds: Number((totalMs / 1000).toFixed(0)),
  rows,
};
const dir = path.join(root, "bench/results");
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, `bench-${commit}.json`), `${JSON.stringify(report, null, 2)}\n`);
await writeFile(
  path.join(dir, `bench-${commit}.svg`),
  chart(rows, `npm run bench @ ${commit}: req/s as a share of the ceiling (scale ${SCALE}, ${SECONDS} s per row)`),
);
console.log(
  `\nnpm run bench @ ${commit}: scale ${SCALE} (${SIZE.businesses} businesses, ${SIZE.customers} customers, ${SIZE.visits} visits, ${SIZE.rewards} rewards); seeded in ${report.seedSeconds.join(" s / ")} s; autocannon ${SECONDS} s per row; total ${report.totalSeconds} s; ${report.machine.nproc} CPUs, node ${process.version}`,
);
console.log(table(rows));
console.log(`\nbench/results/bench-${commit}.json and .svg written.`);
