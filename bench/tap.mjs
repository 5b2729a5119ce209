#!/usr/bin/env node
// npm run bench:tap — throughput and latency of the tap, on the production build,
// with the embedded database and with PostgreSQL, side by side:
//   static    GET /about                       (the ceiling: a prerendered page of the app; the
//                                              proxy picks its language, then serves /<locale>/about)
//   visitor   GET /tap?id=<claimed tag>        (no session)
//   switched  GET /tap?id=<claimed tag>&lang=es (the same tag after the language switch)
//   reader    GET /tap?id=<claimed tag> from an es-ES browser (Accept-Language), and with a
//             ca locale cookie: the config rewrites pick the reader's cached page
//   tap POST  POST /api/tap                    (a distinct signed-in customer per request)
// autocannon, 20 connections, 15 s each (BENCH_SECONDS to change). Also the
// JavaScript (gzip) a visitor's /tap loads compared with a near-empty page.
// PostgreSQL: BENCH_PG_URL (a server where a scratch database may be created),
// default postgresql://postgres@127.0.0.1:5432/postgres; skipped if unreachable.
// BENCH_ONLY=postgres (or embedded, or cluster, or a comma-separated list:
// postgres,cluster) runs only those setups, for quicker rounds.
// cluster: two instances behind nginx with Redis on PostgreSQL (the stack of
// scripts/cluster/stack.mjs), measured through nginx; adds the public card
// GET /b/<slug>, also against the static page of the same setup.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  BENCH_AUTH_SECRET as AUTH_SECRET,
  cannon,
  createCustomers,
  ensureBuild,
  freePort,
  kb,
  pageJsGzipBytes,
  postTapOptions,
  root,
  startApp,
  stopApp,
  summarise,
  waitFor200,
} from "./lib.mjs";
import { startStack } from "../scripts/cluster/stack.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONNECTIONS = 20;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 10000);
const TAG = "demo-cafe";
const SPANISH_BROWSER = { "accept-language": "es-ES,es;q=0.9,en;q=0.8" };
const CATALAN_COOKIE = { cookie: "loyaltap-locale=ca", "accept-language": "es-ES,es;q=0.9" };

const run = (url, options = {}) => cannon(url, { connections: CONNECTIONS, duration: SECONDS, ...options });

async function benchServer(label, env, databaseUrlForSeeding) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startApp({
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    AUTH_SECRET,
    AUTH_URL: base,
    SITE_URL: base,
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  try {
    await waitFor200(`${base}/about`);
    const databaseUrl =
      databaseUrlForSeeding ?? /on (postgresql:\/\/[^\s"]+)/.exec(log)?.[1]?.replace(":***@", ":postgres@");
    const tokens = await createCustomers(databaseUrl, CUSTOMERS);
    const pool = { tokens, next: 0 };
    const postTaps = (options = {}) => run(`${base}/api/tap`, { ...postTapOptions(TAG, pool), ...options });
    // Warm up the caches and the JIT of every measured path: steady state is what is compared.
    await run(`${base}/about`, { duration: 2 });
    await run(`${base}/tap?id=${TAG}`, { duration: 2 });
    await run(`${base}/tap?id=${TAG}&lang=es`, { duration: 2 });
    await run(`${base}/tap?id=${TAG}`, { duration: 2, headers: SPANISH_BROWSER });
    await run(`${base}/tap?id=${TAG}`, { duration: 2, headers: CATALAN_COOKIE });
    await postTaps({ duration: 3 });

    const rows = [];
    rows.push(summarise("static GET /about", await run(`${base}/about`)));
    rows.push(summarise(`visitor GET /tap?id=${TAG}`, await run(`${base}/tap?id=${TAG}`)));
    // The same tag in another language, through the page's language switch: its own cached page.
    rows.push(summarise(`switched GET /tap?id=${TAG}&lang=es`, await run(`${base}/tap?id=${TAG}&lang=es`)));
    // The plain address read by an es-ES browser, and by one whose locale cookie says ca.
    rows.push(
      summarise(`reader GET /tap?id=${TAG} (es-ES)`, await run(`${base}/tap?id=${TAG}`, { headers: SPANISH_BROWSER })),
    );
    rows.push(
      summarise(
        `reader GET /tap?id=${TAG} (ca cookie)`,
        await run(`${base}/tap?id=${TAG}`, { headers: CATALAN_COOKIE }),
      ),
    );
    const post = await postTaps();
    if (pool.next > tokens.length)
      console.warn(`(${label}: more requests than customers; repeats got 429 — raise BENCH_CUSTOMERS)`);
    rows.push(summarise("POST /api/tap (distinct customers)", post));
    if (post.non2xx > 0) {
      // Show what a failing tap answered (a fresh customer's first tap should succeed).
      const sample = await fetch(`${base}/api/tap`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[pool.next++ % tokens.length]}` },
        body: JSON.stringify({ id: TAG }),
      });
      console.warn(
        `(${label}: ${post.non2xx} taps failed; a sample answered ${sample.status} ${(await sample.text()).slice(0, 300)})`,
      );
    }
    const tapJs = await pageJsGzipBytes(`${base}/tap?id=${TAG}`);
    const emptyJs = await pageJsGzipBytes(`${base}/about`);
    return { label, rows, tapJs, emptyJs };
  } catch (error) {
    console.error(log.slice(-4000));
    throw error;
  } finally {
    await stopApp(child);
  }
}

/** Two instances behind nginx with Redis, all measured through nginx. */
async function benchCluster(adminUrl) {
  const stack = await startStack({
    root,
    instances: 2,
    adminUrl,
    env: { AUTH_SECRET, SEED_DEMO: "1", REGISTRATION_LIMIT_PER_HOUR: "0" },
  });
  try {
    const base = stack.url;
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const { rows: businesses } = await client.query(
      `SELECT b.slug FROM "Business" b JOIN "Tag" t ON t."businessId" = b.id WHERE t.id = $1`,
      [TAG],
    );
    await client.end();
    const cardPath = `/b/${businesses[0].slug}`;
    const tokens = await createCustomers(stack.databaseUrl, CUSTOMERS);
    const pool = { tokens, next: 0 };
    const postTaps = (options = {}) => run(`${base}/api/tap`, { ...postTapOptions(TAG, pool), ...options });
    await run(`${base}/about`, { duration: 2 });
    await run(`${base}/tap?id=${TAG}`, { duration: 2 });
    await run(`${base}${cardPath}`, { duration: 2 });
    await postTaps({ duration: 3 });
    const rows = [];
    rows.push(summarise("static GET /about", await run(`${base}/about`)));
    rows.push(summarise(`visitor GET /tap?id=${TAG}`, await run(`${base}/tap?id=${TAG}`)));
    rows.push(summarise(`card GET ${cardPath}`, await run(`${base}${cardPath}`)));
    const post = await postTaps();
    if (pool.next > tokens.length)
      console.warn("(cluster: more requests than customers; repeats got 429 — raise BENCH_CUSTOMERS)");
    rows.push(summarise("POST /api/tap (distinct customers)", post));
    return { label: "2 instances + nginx + Redis (PostgreSQL)", rows };
  } finally {
    await stack.stop();
  }
}

async function pgAvailable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

await ensureBuild();
const results = [];
const only = new Set((process.env.BENCH_ONLY || "embedded,postgres,cluster").split(",").map((s) => s.trim()));
const dataDir = await mkdtemp(path.join(tmpdir(), "loyaltap-bench-tap-"));
try {
  if (only.has("embedded"))
    results.push(await benchServer("embedded PGlite", { DATABASE_URL: "", LOYALTAP_DATA_DIR: dataDir }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
if (!only.has("postgres") && !only.has("cluster")) console.log("PostgreSQL skipped (BENCH_ONLY).");
else if (!(await pgAvailable(adminUrl))) console.log(`PostgreSQL at ${adminUrl} not reachable: skipped.`);
else {
  if (only.has("postgres")) await benchPostgres();
  if (only.has("cluster")) results.push(await benchCluster(adminUrl));
}

async function benchPostgres() {
  const dbName = `loyaltap_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    results.push(await benchServer("PostgreSQL", { DATABASE_URL: url.toString(), SEED_DEMO: "1" }, url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`\nTap benchmark: production build, autocannon ${CONNECTIONS} connections × ${SECONDS} s per row`);
console.log("| database | request | req/s | p50 ms | p99 ms | requests | non-2xx/errors |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const { label, rows } of results) {
  for (const r of rows)
    console.log(`| ${label} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.failures} |`);
}
// Targets: visitor /tap ≥ 50% of static on one instance, ≥ 70% with two
// instances behind nginx with Redis; POST p99 < 100 ms on PostgreSQL.
console.log(
  "\n| setup | visitor /tap vs static | switched /tap&lang vs static | card /b vs static | POST p50 / p99 (p99 < 100 ms on PostgreSQL) |",
);
console.log("| --- | ---: | ---: | ---: | --- |");
for (const { label, rows } of results) {
  const row = (prefix) => rows.find((r) => r.name.startsWith(prefix));
  const [staticRow, visitor, switched, cardRow, post] = [
    row("static"),
    row("visitor"),
    row("switched"),
    row("card"),
    row("POST"),
  ];
  const clustered = label.startsWith("2 instances");
  const share = (visitor.rps / staticRow.rps) * 100;
  const floor = clustered ? 70 : 50;
  const cardShare = cardRow ? `${((cardRow.rps / staticRow.rps) * 100).toFixed(0)}%` : "—";
  const switchedShare = switched ? `${((switched.rps / staticRow.rps) * 100).toFixed(0)}%` : "—";
  const postTarget = label === "embedded PGlite" ? " (no target)" : post.p99 < 100 ? " ✓" : " ✗";
  console.log(
    `| ${label} | ${share.toFixed(0)}% (≥ ${floor}%) ${share >= floor ? "✓" : "✗"} | ${switchedShare} | ${cardShare} | ${post.p50} / ${post.p99} ms${postTarget} |`,
  );
}
const { tapJs, emptyJs } = results.find((r) => r.tapJs) ?? {};
if (tapJs)
  console.log(
    `\nJavaScript a visitor's /tap loads: ${kb(tapJs.bytes)} gzip (${tapJs.files} files); near-empty page /about: ${kb(emptyJs.bytes)} → +${kb(tapJs.bytes - emptyJs.bytes)} (target ≤ +15 KB)`,
  );
