#!/usr/bin/env node
// `npm test`: every suite, in order — jest (unit + integration against a real
// database), Playwright (e2e against the production build on the embedded
// database), then the reliability suite (production instances on PostgreSQL). Prints each runner's own summary and, last, one line
// with the totals: "N passed, N failed".
import { spawn } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

async function main() {
  await rm(resultsDir, { recursive: true, force: true });
  await mkdir(resultsDir, { recursive: true });
  const totals = { passed: 0, failed: 0, skipped: 0 };
  let exitCode = 0;

  console.log("\n== jest: unit + integration ==");
  const jestJson = path.join(resultsDir, "jest.json");
  const jestCode = await run(bin("jest"), ["--ci", "--json", `--outputFile=${jestJson}`]);
  const jest = await readJson(jestJson);
  if (jest) {
    totals.passed += jest.numPassedTests;
    totals.failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += jest.numPendingTests + jest.numTodoTests;
  } else totals.failed += 1;
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
  const pwCode = await run(bin("playwright"), ["test"], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  const pw = await readJson(pwJson);
  if (pw?.stats) {
    totals.passed += pw.stats.expected + (pw.stats.flaky ?? 0);
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
    const flaky = flakyTests(pw.suites ?? []);
    if (flaky.length) console.log(`\nflaky (failed once, passed on retry): ${flaky.length}\n${flaky.map((t) => `  - ${t}`).join("\n")}`);
  } else totals.failed += 1;
  if (pwCode !== 0) exitCode = 1;

  console.log("\n== reliability: production instances on PostgreSQL ==");
  const relJson = path.join(resultsDir, "reliability.json");
  const relCode = await run(bin("jest"), ["--ci", "--config", "jest.reliability.config.mjs", "--runInBand", "--json", `--outputFile=${relJson}`]);
  const rel = await readJson(relJson);
  if (rel) {
    totals.passed += rel.numPassedTests;
    totals.failed += rel.numFailedTests + (rel.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += rel.numPendingTests + rel.numTodoTests;
  } else totals.failed += 1;
  if (relCode !== 0) exitCode = 1;

  console.log("\n== all suites ==");
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
}

main();
