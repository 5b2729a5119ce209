// Helpers shared by the benchmark scripts (not tests: they print figures).
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { SignJWT } from "jose";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export { freePort } from "../scripts/lib/loopback.mjs";

export function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

export async function ensureBuild() {
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("No production build: running next build…");
    await run(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"]);
  }
}

/** Starts `npm start` (scripts/start.mjs) and resolves with the child once the process is spawned. */
export function startApp(env, nodeArgs = []) {
  return spawn(process.execPath, [...nodeArgs, path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function waitFor200(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export async function stopApp(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

/** Total gzip size (bytes) of the JavaScript a page loads via <script src>. */
export async function pageJsGzipBytes(url) {
  const html = await (await fetch(url)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1], url).href);
  const unique = [...new Set(sources)];
  let total = 0;
  for (const src of unique) total += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer())).length;
  return { bytes: total, files: unique.length };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export const BENCH_AUTH_SECRET = "bench-secret-0123456789abcdef0123456789";

/** An access token for `userId`, in the format of lib/auth/tokens.ts (HS256, key derived from AUTH_SECRET). */
export async function accessToken(userId, authSecret = BENCH_AUTH_SECRET) {
  const key = createHash("sha256").update(`access-token:${authSecret}`).digest();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer("loyaltap")
    .setAudience("loyaltap-api")
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}

/**
 * `count` fresh customers inserted in one statement; resolves with their access
 * tokens. With `card` ({ businessId, programId, stampsRequired }), each is already
 * a member of that business holding 0, 1, … stampsRequired − 1 stamps of its
 * stamp card in turn, so one tap in stampsRequired completes a card and issues a
 * reward (a business's regulars, not first visits only); otherwise none is a member yet.
 */
export async function createCustomers(databaseUrl, count, card = null) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const prefix = randomUUID().slice(0, 8);
    const { rows } = await client.query(
      `INSERT INTO "User" (id, email, "firstName", "updatedAt")
       SELECT gen_random_uuid()::text, 'bench-' || $1 || '-' || g || '@example.test', 'Bench', now()
       FROM generate_series(1, $2::int) g RETURNING id`,
      [prefix, count],
    );
    if (card) {
      const ids = rows.map((r) => r.id);
      await client.query(
        `WITH member AS (
           INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt", "visitCount", "firstVisitAt", "lastVisitAt")
           SELECT gen_random_uuid()::text, u, $2, now() - interval '30 days', n % $4::int, now() - interval '30 days', now() - interval '2 days'
           FROM unnest($1::text[]) WITH ORDINALITY AS c(u, n)
           RETURNING "id", "visitCount"
         )
         INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "updatedAt")
         SELECT gen_random_uuid()::text, "id", $3, "visitCount", "visitCount", now() FROM member`,
        [ids, card.businessId, card.programId, card.stampsRequired],
      );
    }
    return Promise.all(rows.map((r) => accessToken(r.id)));
  } finally {
    await client.end();
  }
}

/** One autocannon run (20 connections unless `options` says otherwise), without its own printing. */
export function cannon(url, options = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: 20, duration: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** autocannon's options for POST /api/tap of tag `tagId`, each request with the next token of `pool`. */
export function postTapOptions(tagId, pool) {
  return {
    method: "POST",
    requests: [
      {
        setupRequest(request) {
          const token = pool.tokens[pool.next++ % pool.tokens.length];
          return {
            ...request,
            headers: { ...request.headers, "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ id: tagId }),
          };
        },
      },
    ],
  };
}

export function summarise(name, result) {
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Registers a user through POST /api/auth/register (an owner when `business`
 * is given: the business is created with them) and signs in as in the
 * browser; resolves with the session cookie and the new business's id.
 */
export async function signUpAndIn(base, { email, password, business }) {
  const headers = { origin: base, "content-type": "application/json" };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email,
      password,
      metadata: { first_name: "Bench", last_name: business ? "Owner" : "Customer" },
      ...(business
        ? {
            business: { name: business },
            business_profile: { keywords: ["Cafe"], phone: "+34 600 111 222", address: "Carrer Major 1, Barcelona" },
          }
        : {}),
    }),
  });
  if (registered.status !== 201) throw new Error(`register → ${registered.status} ${await registered.text()}`);
  const { business_id: businessId } = await registered.json();
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (login.status !== 200 || !cookie) throw new Error(`login → ${login.status}`);
  return { cookie, businessId };
}

// Seeding helpers shared by the benchmarks that build a year of data in SQL.

/** `count` customers 00000000-0000-4000-8000-000000000001… (UUIDs, as the pages expect), with names, emails and phones, in one statement. */
export function seedMembers(client, count) {
  return client.query(
    `INSERT INTO "User" ("id", "email", "phone", "firstName", "lastName", "name", "updatedAt")
     SELECT '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), 'member' || g || '@bench.example', '+34 6' || lpad(g::text, 8, '0'),
            (ARRAY['Laia','Marc','Núria','Pau','Aina','Jordi','Marta','Pol'])[1 + g % 8], 'Member' || g,
            'Member ' || g, now()
     FROM generate_series(1, $1::int) g`,
    [count],
  );
}

/** Sets each membership's visitCount / firstVisitAt / lastVisitAt from its taps (of one business, or all). */
export function syncMembershipVisits(client, businessId = null) {
  return client.query(
    `UPDATE "Membership" m SET "visitCount" = t.n, "firstVisitAt" = t.first, "lastVisitAt" = t.last,
            "linkedAt" = LEAST(m."linkedAt", t.first)
     FROM (SELECT "membershipId", count(*)::int AS n, min("createdAt") AS first, max("createdAt") AS last
           FROM "Tap" WHERE $1::text IS NULL OR "businessId" = $1 GROUP BY "membershipId") t
     WHERE m."id" = t."membershipId"`,
    [businessId],
  );
}

/**
 * The start of an INSERT of rewards from a SELECT whose rows have `g` (a
 * sequence number), `at` (issue time), and the reward's business, program,
 * membership, user and name: half redeemed three days later, the rest
 * available for 90 days (some already past their expiry).
 */
export const INSERT_REWARDS = `INSERT INTO "Reward" ("id", "code", "businessId", "programId", "membershipId", "userId", "name", "status", "issuedAt", "expiresAt", "redeemedAt")`;
export const REWARD_STATE = `(CASE WHEN g % 2 = 0 THEN 'REDEEMED' ELSE 'AVAILABLE' END)::"RewardStatus", at, at + interval '90 days',
  CASE WHEN g % 2 = 0 THEN LEAST(at + interval '3 days', now() AT TIME ZONE 'UTC') END`;

// The seeds insert a year in a few statements. Row triggers that keep the
// insights rollups and the membership reward counters would run once per row
// (minutes for 500,000 visits), so they are off while the rows go in, and the
// migrations' own backfill statements then rebuild those tables at once: the
// same counts the triggers would have kept (the rollup tests check the
// backfill against a direct count).
const COUNTED_TABLES = ["Tap", "Membership", "Reward"];

/** The backfill statements at the end of a migration (from `marker` on). */
async function backfillOf(migration, marker) {
  const dir = readdirSync(path.join(root, "prisma/migrations")).find((d) => d.endsWith(migration));
  const sql = await readFile(path.join(root, "prisma/migrations", dir, "migration.sql"), "utf8");
  const at = sql.indexOf(marker);
  if (at === -1) throw new Error(`${migration}: no "${marker}"`);
  return sql.slice(at);
}

/** Turns the counting triggers off, inside the seed's transaction. */
export async function countersOff(client) {
  for (const table of COUNTED_TABLES) await client.query(`ALTER TABLE "${table}" DISABLE TRIGGER USER`);
}

/** Turns them back on and rebuilds what they keep from the rows now there (same transaction). */
export async function countersRebuilt(client) {
  for (const table of COUNTED_TABLES) await client.query(`ALTER TABLE "${table}" ENABLE TRIGGER USER`);
  await client.query(
    `DELETE FROM "BusinessDailyStat"; DELETE FROM "BusinessHourlyVisits"; DELETE FROM "ProgramDailyStat";
     DELETE FROM "LocationDailyStat"; DELETE FROM "LocationHourlyVisits"; DELETE FROM "LocationProgramDailyStat"`,
  );
  await client.query(await backfillOf("_insights_rollups", "-- Backfill from the rows already there"));
  await client.query(await backfillOf("_location_views", "-- Backfill from the rows already there"));
  await client.query(await backfillOf("_customer_list", "-- Backfill the counters"));
}

/**
 * A busy business's past year (bench:owner, bench:segments), into `businessId`
 * (which exists): `members` customers (seedMembers' ids) linked over the year,
 * `visits` taps spread unevenly over them, a 10-stamp card with a progress row
 * per member, and `rewards` rewards (half redeemed; some of the rest past their
 * expiry). Server-side INSERT … SELECT generate_series, with the counting
 * triggers off and their tables rebuilt once at the end; then VACUUM ANALYZE.
 * Resolves with the stamp card's program id.
 */
export async function seedYearOfData(client, businessId, { members: MEMBERS, visits: VISITS, rewards: REWARDS }) {
  await client.query("BEGIN");
  await countersOff(client);
  const [{ id: programId }] = (
    await client.query(
      `INSERT INTO "Program" ("id", "businessId", "type", "name", "rules", "rewardName", "rewardExpiryDays", "updatedAt")
       VALUES (gen_random_uuid()::text, $1, 'stamps', 'Coffee card', '{"stampsRequired": 10}', 'Free coffee', 90, now())
       RETURNING "id"`,
      [businessId],
    )
  ).rows;
  // Members (seedMembers' ids), linked at some moment of the past year.
  await seedMembers(client, MEMBERS);
  await client.query(
    `INSERT INTO "Membership" ("id", "userId", "businessId", "linkedAt")
     SELECT 'bench-m-' || lpad(g::text, 6, '0'), '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), $1,
            (now() AT TIME ZONE 'UTC') - interval '366 days' + (g % 1000) * interval '1 minute'
     FROM generate_series(1, $2::int) g`,
    [businessId, MEMBERS],
  );
  // Visits spread over the past year; members visit unevenly (squared random).
  await client.query(
    `INSERT INTO "Tap" ("id", "businessId", "userId", "membershipId", "source", "day", "createdAt")
     SELECT gen_random_uuid()::text, $1, '00000000-0000-4000-8000-' || lpad(m::text, 12, '0'), 'bench-m-' || lpad(m::text, 6, '0'),
            'TAG', at::date, at
     FROM (SELECT 1 + floor(power(random(), 2) * $2::int)::int AS m,
                  (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
           FROM generate_series(1, $3::int)) v`,
    [businessId, MEMBERS, VISITS],
  );
  await syncMembershipVisits(client, businessId);
  await client.query(
    `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "updatedAt")
     SELECT gen_random_uuid()::text, m."id", $2, m."visitCount" % 10, m."visitCount", now()
     FROM "Membership" m WHERE m."businessId" = $1`,
    [businessId, programId],
  );
  // Rewards: half redeemed, the rest available (some already past their expiry).
  await client.query(
    `${INSERT_REWARDS}
     SELECT gen_random_uuid()::text, 'BENCH' || lpad(g::text, 6, '0'), $1, $2, 'bench-m-' || lpad(m::text, 6, '0'),
            '00000000-0000-4000-8000-' || lpad(m::text, 12, '0'), 'Free coffee', ${REWARD_STATE}
     FROM (SELECT g, 1 + floor(power(random(), 2) * $3::int)::int AS m,
                  (now() AT TIME ZONE 'UTC') - random() * interval '365 days' AS at
           FROM generate_series(1, $4::int) g) r`,
    [businessId, programId, MEMBERS, REWARDS],
  );
  await countersRebuilt(client);
  await client.query("COMMIT");
  // VACUUM as well: the seed's UPDATEs leave dead rows behind, which autovacuum
  // (off on some development servers) would clear in a running deployment.
  await client.query("VACUUM ANALYZE");
  return programId;
}
