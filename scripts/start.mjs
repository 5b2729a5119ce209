#!/usr/bin/env node
// `npm start`: one command from a fresh clone to a running app.
// - DATABASE_URL unset: starts the embedded PGlite on a loopback port, data in
//   .data/ (or LOYALTAP_DATA_DIR); set: uses that PostgreSQL.
// - applies pending migrations, seeds the demo into an empty database,
// - builds the app if there is no production build yet, then runs `next start`.
// Ctrl-C stops Next.js first, then closes the database cleanly.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "./load-env.mjs";
import pg from "pg";
import { applyMigrations } from "./db/engine.mjs";
import { EMBEDDED_DATABASE_ENV } from "./db/embedded-env.mjs";
import { startEmbedded } from "./db/embedded.mjs";
import { embeddedDataDir } from "./db/paths.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");
const log = (message) => console.log(`[loyaltap] ${message}`);

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}`))));
  });
}

/** AUTH_SECRET, or one generated once and kept beside the embedded data. */
async function authSecret() {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(path.dirname(embeddedDataDir()), "auth-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, secret + "\n", { mode: 0o600 });
  log(`Generated AUTH_SECRET in ${path.relative(root, file)} (set AUTH_SECRET in production).`);
  return secret;
}

/** A database's identity: the id of its first applied migration (random per database). */
async function databaseIdentity(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id FROM "_prisma_migrations" ORDER BY started_at, id LIMIT 1`);
    return rows[0]?.id ?? "none";
  } finally {
    await client.end();
  }
}

/**
 * Next.js keeps its data and page caches on disk across restarts. They hold
 * rows of the database the server last ran on; started on another database
 * (a fresh embedded one, another PostgreSQL), those entries would be wrong, so
 * they are dropped.
 */
async function dropCachesOfOtherDatabase(distDir, identity) {
  const marker = path.join(root, distDir, "cache", "loyaltap-database-id");
  const previous = existsSync(marker) ? (await readFile(marker, "utf8")).trim() : null;
  if (previous === identity) return;
  await rm(path.join(root, distDir, "cache", "fetch-cache"), { recursive: true, force: true });
  await rm(path.join(root, distDir, "server", "route-cache"), { recursive: true, force: true });
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, identity + "\n");
}

async function main() {
  const port = process.env.PORT || "3000";
  let embedded;
  let databaseUrl = process.env.DATABASE_URL;
  const env = { ...process.env, AUTH_SECRET: await authSecret(), NODE_ENV: "production" };
  if (!databaseUrl) {
    const dataDir = embeddedDataDir();
    embedded = await startEmbedded({ dataDir, port: Number(process.env.LOYALTAP_DB_PORT || 0) });
    databaseUrl = embedded.url;
    Object.assign(env, EMBEDDED_DATABASE_ENV);
    log(`Embedded database (PGlite) in ${path.relative(root, dataDir) || dataDir}, on ${databaseUrl.replace(/:[^:@]*@/, ":***@")}`);
  }
  env.DATABASE_URL = databaseUrl;

  let child;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await embedded?.stop();
    log("Stopped.");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  try {
    const applied = await applyMigrations(databaseUrl);
    if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
    await run(process.execPath, [tsxCli, "prisma/seed.ts", "--if-empty"], env);
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
      log("No production build yet: running next build (once; takes a minute or two)…");
      await run(process.execPath, [nextBin, "build"], env);
    }
    await dropCachesOfOtherDatabase(distDir, await databaseIdentity(databaseUrl));
  } catch (error) {
    console.error(`[loyaltap] ${error instanceof Error ? error.message : error}`);
    await stop(1);
    return;
  }

  child = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", process.env.HOST || "0.0.0.0"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  child.on("exit", (code) => void stop(code ?? 0));
}

main();
