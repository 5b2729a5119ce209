#!/usr/bin/env node
// node bench/redis-cache.mjs — what keeping Next.js's cache in Redis costs one
// instance: req/s and p50/p99 of a static page (/about) and of a visitor's
// cached /tap?id=demo-cafe, on PostgreSQL, with Next.js's file-system cache
// (REDIS_URL unset) and with the cache in Redis (a redis-server of its own on
// a free port, stopped afterwards). autocannon, 20 connections, BENCH_SECONDS
// (default 10) per row. BENCH_PG_URL: the PostgreSQL server for a scratch
// database (default postgresql://postgres@127.0.0.1:5432/postgres).
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { Socket } from "node:net";
import pg from "pg";
import { ensureBuild, freePort, startApp, stopApp, waitFor200 } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 20;
const TAG = "demo-cafe";

function load(url, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 200; i++) {
    const up = await new Promise((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1");
    });
    if (up) return { url: `redis://127.0.0.1:${port}`, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("redis-server did not start");
}

async function bench(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startApp({
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
    AUTH_URL: base,
    SITE_URL: base,
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  try {
    await waitFor200(`${base}/about`);
    await load(`${base}/about`, 2);
    await load(`${base}/tap?id=${TAG}`, 2);
    const rows = [];
    for (const [name, path] of [
      ["static GET /about", "/about"],
      [`visitor GET /tap?id=${TAG}`, `/tap?id=${TAG}`],
    ]) {
      const result = await load(`${base}${path}`);
      rows.push({
        label,
        name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
        load: loadavg()[0],
      });
    }
    return rows;
  } catch (error) {
    console.error(log.slice(-4000));
    throw error;
  } finally {
    await stopApp(child);
  }
}

await ensureBuild();
const adminUrl = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `loyaltap_bench_redis_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const redis = await startRedis();
const rows = [];
try {
  const env = { DATABASE_URL: url.toString(), SEED_DEMO: "1", REGISTRATION_LIMIT_PER_HOUR: "0" };
  rows.push(...(await bench("file-system cache", { ...env, REDIS_URL: "" })));
  rows.push(...(await bench("Redis cache", { ...env, REDIS_URL: redis.url })));
} finally {
  redis.child.kill("SIGKILL");
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}

console.log(
  `\nNext.js cache: file system vs Redis, one instance, PostgreSQL, autocannon ${CONNECTIONS} connections × ${SECONDS} s per row`,
);
console.log("| cache | request | req/s | p50 ms | p99 ms | non-2xx/errors | load avg (1 min) |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows)
  console.log(
    `| ${r.label} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.failures} | ${r.load.toFixed(2)} |`,
  );
