#!/usr/bin/env node
// `npm test`: every suite, in order — lint and format (ESLint and Prettier,
// the package's `lint` and `format:check` scripts), jest (unit + integration
// against a real database), Playwright (e2e against the production build on
// the embedded database), the reliability suite (production instances on
// PostgreSQL), then the cluster suite (two instances behind nginx with Redis,
// same build).
// After the e2e run the server's log is checked for secrets (passwords,
// tokens, reset links, key hex: scripts/check-logs.mjs); a finding counts as a
// failed test, as do ESLint's findings and files Prettier would change. Prints
// each runner's own summary and, last, one line with the totals: "N passed,
// N failed, N skipped", where every runner-level error (a suite that could not
// run, Playwright's web server not starting, a failed build, a phase with no
// report) counts as failed (scripts/test-summary.mjs).
import { spawn } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkLogFile } from "./check-logs.mjs";
import {
  addCheck,
  addCommand,
  addFailure,
  addJest,
  addPlaywright,
  emptyTotals,
  retriedLines,
  summaryLine,
} from "./test-summary.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "test-results");
const bin = (name) => path.join(root, "node_modules/.bin", name);

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    // A command that cannot start (not installed) fails its phase instead of
    // ending `npm test` before the summary: 127, as a shell reports it.
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
  });
}

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return null;
  }
}

// Which phases run: all by default; TEST_PHASES=e2e (a comma-separated list of
// lint, jest, build, e2e, reliability, cluster) runs a part, e.g. to check one fix.
const PHASES = ["lint", "jest", "build", "e2e", "reliability", "cluster"];
const chosen = (process.env.TEST_PHASES ?? "")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const unknown = chosen.filter((p) => !PHASES.includes(p));
if (unknown.length) {
  console.error(`TEST_PHASES: unknown phase ${unknown.join(", ")} (known: ${PHASES.join(", ")})`);
  process.exit(2);
}
const runs = (phase) =>
  chosen.length ? chosen.includes(phase) : phase !== "build" || process.env.E2E_SKIP_BUILD !== "1";

// Each phase's wall time, printed with the summary: CI has a time budget, and
// a slow phase should show which one it is.
const phaseTimes = [];
let phaseStarted = Date.now();
let phaseName = null;
function startPhase(name) {
  const now = Date.now();
  if (phaseName) phaseTimes.push(`${phaseName} ${Math.round((now - phaseStarted) / 1000)} s`);
  phaseName = name;
  phaseStarted = now;
}

function finish(totals) {
  startPhase(null);
  console.log("\n== all suites ==");
  if (phaseTimes.length) console.log(`phase times: ${phaseTimes.join(", ")}`);
  if (chosen.length) console.log(`phases run: ${chosen.join(", ")}`);
  if (totals.problems.length)
    console.log(`failures outside a test:\n${totals.problems.map((p) => `  - ${p}`).join("\n")}`);
  // A retry must not hide a new flake: each test that needed one is named here, every run.
  for (const line of retriedLines(totals)) console.log(line);
  console.log(summaryLine(totals));
  process.exit(totals.failed > 0 ? 1 : 0);
}

async function runJest(totals, phase, name, configArgs) {
  const file = path.join(resultsDir, `${name}.json`);
  // --forceExit: a test that fails halfway can leave a child process or socket
  // behind, and jest would then wait for it forever instead of reporting.
  const code = await run(bin("jest"), ["--ci", "--forceExit", ...configArgs, "--json", `--outputFile=${file}`]);
  addJest(totals, phase, await readJson(file), code);
}

async function main() {
  await rm(resultsDir, { recursive: true, force: true });
  await mkdir(resultsDir, { recursive: true });
  const totals = emptyTotals();

  if (runs("lint")) {
    startPhase("lint");
    // Through npm, so the commands are the ones `npm run lint` and
    // `npm run format:check` run. Either failing is one failure; the later
    // phases still run.
    console.log("\n== lint: ESLint ==");
    addCommand(totals, "lint", await run("npm", ["run", "--silent", "lint"]), {
      1: "ESLint found problems (npm run lint lists them)",
      2: "ESLint could not run (its configuration or a parser failed)",
    });
    console.log("\n== format: Prettier ==");
    addCommand(totals, "format", await run("npm", ["run", "--silent", "format:check"]), {
      1: "files not formatted as Prettier would format them (npm run format:check lists them, npm run format fixes them)",
      2: "Prettier could not run (its configuration or a parser failed)",
    });
  }

  if (runs("jest")) {
    startPhase("jest");
    console.log("\n== jest: unit + integration ==");
    await runJest(totals, "jest", "jest", []);
  }

  if (runs("build")) {
    startPhase("build");
    console.log("\n== next build (production build for e2e) ==");
    const buildCode = await run(bin("next"), ["build"]);
    if (buildCode !== 0) {
      // Every later phase runs against this build.
      addFailure(totals, "next build", `exited with code ${buildCode}; e2e, reliability and cluster not run`);
      finish(totals);
    }
  }

  if (runs("e2e")) {
    startPhase("e2e");
    console.log("\n== playwright: e2e in Chromium ==");
    const pwJson = path.join(resultsDir, "playwright.json");
    const serverLog = path.join(resultsDir, "e2e-server.log");
    const pwCode = await run(bin("playwright"), ["test"], {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      E2E_SERVER_LOG: serverLog,
    });
    const pw = await readJson(pwJson);
    addPlaywright(totals, "playwright", pw, pwCode);

    console.log("\n== logs: no secrets in the e2e server's log ==");
    try {
      const { lines, hits } = await checkLogFile(serverLog);
      for (const hit of hits) console.log(`  ${path.relative(root, serverLog)}:${hit.line}: ${hit.kind}`);
      console.log(`${lines} lines checked, ${hits.length} secrets found`);
      addCheck(totals, "log check", hits.length === 0, `${hits.length} secrets in ${path.relative(root, serverLog)}`);
    } catch (error) {
      const reason = `the e2e server log could not be read: ${error instanceof Error ? error.message : error}`;
      console.log(reason);
      addFailure(totals, "log check", reason);
    }
  }

  if (runs("reliability")) {
    startPhase("reliability");
    console.log("\n== reliability: production instances on PostgreSQL ==");
    await runJest(totals, "reliability", "reliability", ["--config", "jest.reliability.config.mjs", "--runInBand"]);
  }

  if (runs("cluster")) {
    startPhase("cluster");
    console.log("\n== cluster: two instances behind nginx, PostgreSQL + Redis ==");
    await runJest(totals, "cluster", "cluster", ["--config", "jest.cluster.config.mjs", "--runInBand"]);
  }

  finish(totals);
}

main();
