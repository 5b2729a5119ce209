#!/usr/bin/env node
// npm run bench:boot — how fast `npm start` serves `/` and how much JavaScript `/` loads.
//   first run: empty embedded database (PGlite init + migrations + demo seed + Next.js start)
//   restart:   same data directory again (PGlite reopen + "no pending migrations" + Next.js start)
// The production build is made first if missing and is not part of the timing.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild, freePort, kb, pageJsGzipBytes, startApp, stopApp, waitFor200 } from "./lib.mjs";

async function boot(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = startApp({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: "",
    LOYALTAP_DATA_DIR: dataDir,
    AUTH_SECRET: "bench",
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    await waitFor200(`http://127.0.0.1:${port}/`);
    const ms = performance.now() - started;
    const js = await pageJsGzipBytes(`http://127.0.0.1:${port}/`);
    return { ms, js };
  } catch (error) {
    console.error(output);
    throw error;
  } finally {
    await stopApp(child);
  }
}

await ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), "loyaltap-bench-boot-"));
try {
  const first = await boot(dataDir);
  const restart = await boot(dataDir);
  console.log("\nnpm start → first 200 on / (embedded PGlite, production build)");
  console.log("| run | time to first 200 | JS loaded by / (gzip) |");
  console.log("| --- | ---: | ---: |");
  console.log(
    `| first run (empty database: migrate + seed) | ${(first.ms / 1000).toFixed(2)} s | ${kb(first.js.bytes)} in ${first.js.files} files |`,
  );
  console.log(
    `| restart (existing data) | ${(restart.ms / 1000).toFixed(2)} s | ${kb(restart.js.bytes)} in ${restart.js.files} files |`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
