#!/usr/bin/env node
// `npm start`: one command from a fresh clone to a running app.
// - DATABASE_URL unset: starts the embedded PGlite on a loopback port, data in
//   .data/ (or LOYALTAP_DATA_DIR); set: uses that PostgreSQL.
// - applies pending migrations; seeds the demo into an empty database only on
//   the embedded database, or when asked (SEED_DEMO=1): never on its own into a
//   configured DATABASE_URL, where the demo's published password would be an
//   open door,
// - builds the app if there is no production build yet, then runs the
//   production server (server/index.mjs) as a child process, telling it which
//   database it serves (LOYALTAP_CACHE_SCOPE), so its cached pages are that
//   database's alone (server/cache-location.mjs).
// - on a configured DATABASE_URL, all of that first-run work runs under a
//   PostgreSQL advisory lock (scripts/db/first-run-lock.mjs), so several
//   instances can start at the same moment on one database.
// - refuses to start a public deployment (NODE_ENV=production on an https site
//   URL) that lacks SMTP_URL, AUTH_SECRET or TAG_KEY_ENCRYPTION_KEY.
// - on a Node older than package.json's engines.node, stops at once with a
//   message naming the version it needs (scripts/node-version.mjs).
// Ctrl-C / SIGTERM stops the server first (it finishes the requests in
// flight), then closes the database cleanly. LOG_FILE: everything the app
// prints is also appended to that file.
import "./require-node.mjs";
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "./load-env.mjs";
import { applyMigrations } from "./offline/engine.mjs";
import { databaseCacheScope } from "./db/cache-scope.mjs";
import { EMBEDDED_DATABASE_ENV } from "./db/embedded-env.mjs";
import { startEmbedded } from "./db/embedded.mjs";
import { embeddedDataDir } from "./db/paths.mjs";
import { withFirstRunLock } from "./db/first-run-lock.mjs";
import { readOrCreateSecretFile } from "./generated-secret.mjs";
import { serverNodeFlags } from "./server-node-flags.mjs";
import { CACHE_SCOPE_ENV } from "../server/cache-location.mjs";
import { createLogger } from "../server/logger.mjs";
import { productionProblems } from "../server/production-checks.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");
const serverEntry = path.join(root, "server/index.mjs");

// LOG_FILE: a copy of all output (this script's and its children's), e.g. for
// the test run's log checks.
const logFile = process.env.LOG_FILE ? openLogFile(process.env.LOG_FILE) : null;
function openLogFile(file) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return createWriteStream(file, { flags: "a" });
}
const logger = createLogger({
  write(line) {
    process.stdout.write(line);
    logFile?.write(line);
  },
});
const log = (message) => logger.info({ source: "start" }, message);

function spawnLogged(command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (logFile) {
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      logFile.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      logFile.write(chunk);
    });
  }
  return child;
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawnLogged(command, args, env);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}`)),
    );
  });
}

/** The demo (with its published password) goes only where nobody else can reach it, unless asked for. */
function shouldSeedDemo(embedded) {
  if (process.env.SEED_DEMO === "1") return true;
  if (process.env.SEED_DEMO === "0") return false;
  return embedded;
}

/** AUTH_SECRET, or one generated once and kept beside the embedded data (the same for every starter). */
async function authSecret() {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(path.dirname(embeddedDataDir()), "auth-secret");
  const { secret, created } = await readOrCreateSecretFile(file);
  if (created) log(`Generated AUTH_SECRET in ${path.relative(root, file)} (set AUTH_SECRET in production).`);
  return secret;
}

async function main() {
  const problems = productionProblems(process.env);
  if (problems.length) {
    for (const problem of problems) logger.fatal({ source: "start" }, `Refusing to start: ${problem}`);
    logFile?.end();
    process.exitCode = 1;
    return;
  }
  const port = process.env.PORT || "3000";
  let embedded;
  let databaseUrl = process.env.DATABASE_URL;
  const env = { ...process.env, AUTH_SECRET: await authSecret(), NODE_ENV: "production" };
  if (!databaseUrl) {
    const dataDir = embeddedDataDir();
    embedded = await startEmbedded({ dataDir, port: Number(process.env.LOYALTAP_DB_PORT || 0) });
    databaseUrl = embedded.url;
    Object.assign(env, EMBEDDED_DATABASE_ENV);
    log(
      `Embedded database (PGlite) in ${path.relative(root, dataDir) || dataDir}, on ${databaseUrl.replace(/:[^:@]*@/, ":***@")}`,
    );
  }
  env.DATABASE_URL = databaseUrl;

  let child;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", (childCode) => resolve(childCode)));
      child.kill("SIGTERM");
      code = code || ((await exited) ?? 0);
    }
    await embedded?.stop();
    log("Stopped.");
    if (logFile) await new Promise((resolve) => logFile.end(resolve));
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  const firstRun = async () => {
    const applied = await applyMigrations(databaseUrl);
    if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
    if (shouldSeedDemo(Boolean(embedded))) await run(process.execPath, [tsxCli, "prisma/seed.ts", "--if-empty"], env);
    else log("Demo data not seeded (a configured DATABASE_URL; SEED_DEMO=1 or npm run db:seed seeds it).");
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
      log("No production build yet: running next build (once; takes a minute or two)…");
      await run(process.execPath, [nextBin, "build"], env);
    }
  };
  let cacheScope;
  try {
    // The embedded database belongs to this process alone (and is one
    // session underneath): no other starter can race it, so no lock.
    if (embedded) await firstRun();
    else
      await withFirstRunLock(databaseUrl, firstRun, {
        onWait: () => log("Another instance is doing the first-run work (migrations, seed, build); waiting for it…"),
      });
    cacheScope = await databaseCacheScope(databaseUrl);
  } catch (error) {
    logger.error({ source: "start" }, error instanceof Error ? error.message : String(error));
    await stop(1);
    return;
  }

  const serverEnv = { ...env, PORT: port, HOST: process.env.HOST || "0.0.0.0", [CACHE_SCOPE_ENV]: cacheScope };
  delete serverEnv.LOG_FILE;
  // `node --cpu-prof scripts/start.mjs` profiles the server too (npm run bench's BENCH_CPU_PROF).
  const profiling = process.execArgv.filter((arg) => arg.startsWith("--cpu-prof"));
  child = spawnLogged(process.execPath, [...profiling, ...serverNodeFlags(process.env), serverEntry], serverEnv);
  child.on("exit", (code, signal) => void stop(code ?? (signal ? 1 : 0)));
}

main();
