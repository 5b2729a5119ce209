#!/usr/bin/env node
// `npm test`: every suite, in order — jest (unit + integration against a real
// database), Playwright (e2e against the production build on the embedded
// database), the reliability suite (production instances on PostgreSQL), then
// the cluster suite (two instances behind nginx with Redis, same build).
// After the e2e run the server's log is checked for secrets (passwords,
// tokens, reset links, key hex: scripts/check-logs.mjs); a finding counts as a
// failed test. Prints each runner's own summary and, last, one line with the
// totals: "N passed, N failed" (a phase that could not report counts as failed).
import { spawn } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkLogFile } from "./check-logs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "test-results");
const bin = (name) => path.join(root, "node_modules/.bin", name);

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return null;
  }
}

// Titles of the tests Playwright marked flaky (failed, then passed on retry).
function flakyTests(suites, prefix = []) {
  const found = [];
  for (const suite of suites) {
    const titles = suite.title && !suite.title.endsWith(".ts") ? [...prefix, suite.title] : prefix;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === "flaky")) found.push([spec.file, ...titles, spec.title].join(" › "));
    }
    found.push(...flakyTests(suite.suites ?? [], titles));
  }
  return found;
}

/**
 * Adds a jest run's counts. A run that failed without a failed test (no
 * report, a crash, a failing global setup or teardown) counts as one failure,
 * so the summary line never reads "0 failed" for a failed phase.
 */
function addJest(totals, report, code) {
  const failed = report ? report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) : 0;
  if (report) {
    totals.passed += report.numPassedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  totals.failed += failed || (code !== 0 || !report ? 1 : 0);
}

async function main() {
  await rm(resultsDir, { recursive: true, force: true });
  await mkdir(resultsDir, { recursive: true });
  const totals = { passed: 0, failed: 0, skipped: 0 };
  let exitCode = 0;

  console.log("\n== jest: unit + integration ==");
  const jestJson = path.join(resultsDir, "jest.json");
  // --forceExit: a test that fails halfway can leave a child process or socket
  // behind, and jest would then wait for it forever instead of reporting.
  const jestCode = await run(bin("jest"), ["--ci", "--forceExit", "--json", `--outputFile=${jestJson}`]);
  const jest = await readJson(jestJson);
  addJest(totals, jest, jestCode);
  if (jestCode !== 0) exitCode = 1;

  if (process.env.E2E_SKIP_BUILD !== "1") {
    console.log("\n== next build (production build for e2e) ==");
    const buildCode = await run(bin("next"), ["build"]);
    if (buildCode !== 0) {
      console.log("\nnext build failed: e2e not run");
      console.log(`${totals.passed} passed, ${totals.failed + 1} failed, ${totals.skipped} skipped`);
      process.exit(1);
    }
  }

  console.log("\n== playwright: e2e in Chromium ==");
  const pwJson = path.join(resultsDir, "playwright.json");
  const serverLog = path.join(resultsDir, "e2e-server.log");
  const pwCode = await run(bin("playwright"), ["test"], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, E2E_SERVER_LOG: serverLog });
  const pw = await readJson(pwJson);
  if (pw?.stats) {
    totals.passed += pw.stats.expected + (pw.stats.flaky ?? 0);
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
    const flaky = flakyTests(pw.suites ?? []);
    if (flaky.length) console.log(`\nflaky (failed once, passed on retry): ${flaky.length}\n${flaky.map((t) => `  - ${t}`).join("\n")}`);
  } else totals.failed += 1;
  if (pwCode !== 0) exitCode = 1;

  console.log("\n== logs: no secrets in the e2e server's log ==");
  try {
    const { lines, hits } = await checkLogFile(serverLog);
    for (const hit of hits) console.log(`  ${path.relative(root, serverLog)}:${hit.line}: ${hit.kind}`);
    console.log(`${lines} lines checked, ${hits.length} secrets found`);
    if (hits.length) {
      totals.failed += 1;
      exitCode = 1;
    } else totals.passed += 1;
  } catch (error) {
    console.log(`the e2e server log could not be read: ${error instanceof Error ? error.message : error}`);
    totals.failed += 1;
    exitCode = 1;
  }

  console.log("\n== reliability: production instances on PostgreSQL ==");
  const relJson = path.join(resultsDir, "reliability.json");
  const relCode = await run(bin("jest"), ["--ci", "--forceExit", "--config", "jest.reliability.config.mjs", "--runInBand", "--json", `--outputFile=${relJson}`]);
  const rel = await readJson(relJson);
  addJest(totals, rel, relCode);
  if (relCode !== 0) exitCode = 1;

  console.log("\n== cluster: two instances behind nginx, PostgreSQL + Redis ==");
  const clusterJson = path.join(resultsDir, "cluster.json");
  const clusterCode = await run(bin("jest"), ["--ci", "--forceExit", "--config", "jest.cluster.config.mjs", "--runInBand", "--json", `--outputFile=${clusterJson}`]);
  const cluster = await readJson(clusterJson);
  addJest(totals, cluster, clusterCode);
  if (clusterCode !== 0) exitCode = 1;

  console.log("\n== all suites ==");
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
}

main();
