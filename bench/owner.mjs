#!/usr/bin/env node
// npm run bench:owner — the owner's pages and export at the size of a busy
// business, on the production build and PostgreSQL (a benchmark: it prints
// figures, it asserts nothing). It creates its own database (BENCH_PG_URL's
// server; BENCH_DB_NAME to name it), seeds ONE business with 50,000 members,
// 500,000 visits over the past year, ~30,000 rewards and a progress row per
// member (server-side INSERT … SELECT generate_series, with the counting
// triggers off and their tables rebuilt once at the end), signs in as the owner
// and measures with autocannon (10 connections, BENCH_SECONDS each):
//   customers first page, a search, a deep keyset page (the cursor of ~page 500),
//   a customer's card and the insights page (answered by other branches; their
//   status is printed whatever it is),
// then downloads a visits CSV of ~100,000 rows, timing it and sampling the
// server process's RSS every 20 ms.
// Targets: pages p99 < 300 ms; export ≥ 20,000 rows/s with flat memory.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  BENCH_AUTH_SECRET as AUTH_SECRET,
  cannon,
  ensureBuild,
  freePort,
  root,
  run as runCommand,
  seedYearOfData,
  signUpAndIn,
  startApp,
  stopApp,
  waitFor200,
} from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 10;
const MEMBERS = Number(process.env.BENCH_MEMBERS || 50_000);
const VISITS = Number(process.env.BENCH_VISITS || 500_000);
const REWARDS = Number(process.env.BENCH_REWARDS || 30_000);
const PASSWORD = "bench owner password";
const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = process.env.BENCH_DB_NAME || `loyaltap_bench_owner_${Date.now()}`;

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

async function seed(client, businessId) {
  const t0 = process.hrtime.bigint();
  await seedYearOfData(client, businessId, { members: MEMBERS, visits: VISITS, rewards: REWARDS });
  return ms(t0);
}

const measure = (url, headers) => cannon(url, { connections: CONNECTIONS, duration: SECONDS, headers });

/** RSS (bytes) of the production server: the `server/index.mjs` process under `npm start`'s. */
function serverPid(startPid) {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (ppid === startPid && cmd.includes("server/index.mjs")) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return startPid;
}
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function main() {
  await ensureBuild();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  let child;
  try {
    await runCommand(process.execPath, [path.join(root, "scripts/db.mjs"), "migrate"], {
      ...process.env,
      DATABASE_URL: databaseUrl,
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startApp({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET,
      AUTH_URL: base,
      SITE_URL: base,
      REGISTRATION_LIMIT_PER_HOUR: "0",
      SEED_DEMO: "0",
    });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    await waitFor200(`${base}/about`).catch((error) => {
      console.error(log.slice(-3000));
      throw error;
    });

    // The owner signs up (with the business) and signs in, as in the browser.
    const { cookie, businessId } = await signUpAndIn(base, {
      email: `bench-owner-${Date.now()}@bench.example`,
      password: PASSWORD,
      business: "Bench Café",
    });

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const seedMs = await seed(client, businessId);
    const counts = (
      await client.query(
        `SELECT (SELECT count(*) FROM "Membership" WHERE "businessId" = $1)::int AS members,
                (SELECT count(*) FROM "Tap" WHERE "businessId" = $1)::int AS visits,
                (SELECT count(*) FROM "Reward" WHERE "businessId" = $1)::int AS rewards,
                (SELECT sum("visits") FROM "BusinessDailyStat" WHERE "businessId" = $1)::int AS "rolledUpVisits",
                (SELECT sum("rewardsIssued") FROM "BusinessDailyStat" WHERE "businessId" = $1)::int AS "rolledUpRewards",
                (SELECT sum("rewardsEarned") FROM "Membership" WHERE "businessId" = $1)::int AS "membershipRewards"`,
        [businessId],
      )
    ).rows[0];
    // The rebuilt rollups and counters hold every seeded row, as the triggers would have.
    if (
      counts.rolledUpVisits !== counts.visits ||
      counts.rolledUpRewards !== counts.rewards ||
      counts.membershipRewards !== counts.rewards
    )
      throw new Error(`seeded counters disagree with the rows: ${JSON.stringify(counts)}`);
    // The cursor after row 25,000 of the default order (page 501), as the list would have made it.
    const deep = (
      await client.query(
        `SELECT "id", "lastVisitAt" FROM "Membership" WHERE "businessId" = $1 AND "lastVisitAt" IS NOT NULL
         ORDER BY "lastVisitAt" DESC, "id" DESC OFFSET 24999 LIMIT 1`,
        [businessId],
      )
    ).rows[0];
    const toIso = (value) => new Date(`${String(value).replace(" ", "T")}Z`).toISOString();
    const lastVisit = deep.lastVisitAt instanceof Date ? deep.lastVisitAt : null;
    const cursor = Buffer.from(
      JSON.stringify({
        s: "last_visit",
        v: lastVisit ? toIso(lastVisit.toISOString().slice(0, 23)) : null,
        i: deep.id,
      }),
    ).toString("base64url");
    // A period of the visits export holding ~100,000 rows: the last N days.
    const days = Math.max(1, Math.round((100_000 / Math.max(1, counts.visits)) * 365));
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    await client.end();

    const page = `/dashboard/business/${businessId}`;
    const targets = [
      ["customers, first page", `${page}/customers`],
      ["customers, search ?q=member4999", `${page}/customers?q=member4999`],
      ["customers, deep keyset page (~500)", `${page}/customers?cursor=${cursor}`],
      ["a customer's card", `${page}/customers/00000000-0000-4000-8000-000000000042`],
      ["insights", `${page}/insights`],
    ];
    const headers = { cookie };
    const rows = [];
    for (const [name, target] of targets) {
      const probe = await fetch(base + target, { headers, redirect: "manual" });
      const body = await probe.text();
      if (name.startsWith("customers, first") && !body.includes("Member")) console.warn(`(${name}: no member shown)`);
      await measure(base + target, headers).catch(() => null); // warm-up
      const result = await measure(base + target, headers);
      rows.push({
        name,
        status: probe.status,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        non2xx: result.non2xx + result.errors + result.timeouts,
      });
    }

    // The export: time to the last byte, rows, and the server's RSS meanwhile.
    const pid = serverPid(child.pid);
    const rssBefore = rssOf(pid);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        // process gone
      }
    }, 20);
    const t0 = process.hrtime.bigint();
    const response = await fetch(`${base}/api/business/${businessId}/export?kind=visits&from=${from}&to=${to}`, {
      headers,
    });
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const exportMs = ms(t0);
    clearInterval(sampler);
    const exported = lines - 1;

    const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `\nOwner benchmark: ${counts.members} members, ${counts.visits} visits, ${counts.rewards} rewards in one business (seeded in ${(seedMs / 1000).toFixed(1)} s); production build on PostgreSQL; autocannon ${CONNECTIONS} connections × ${SECONDS} s`,
    );
    console.log("| request | status | p50 ms | p99 ms | req/s | non-2xx/errors | p99 < 300 ms |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.status} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.non2xx} | ${r.status === 200 ? (r.p99 < 300 ? "✓" : "✗") : "(not this branch's page)"} |`,
      );
    const rate = exported / (exportMs / 1000);
    console.log(
      `| visits CSV ${from}..${to} (status ${response.status}) | ${exported} rows, ${mb(bytes)} in ${(exportMs / 1000).toFixed(2)} s | ${rate.toFixed(0)} rows/s ${rate >= 20_000 ? "✓" : "✗"} (≥ 20,000) | server RSS ${mb(rssBefore)} → peak ${mb(peak)} (+${mb(peak - rssBefore)}) | | | |`,
    );
  } finally {
    if (child) await stopApp(child);
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
