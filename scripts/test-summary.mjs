// The counting behind `npm test`'s last line (scripts/test.mjs), kept pure so
// tests/unit/test-summary.test.ts can check it. The rule: the line never reads
// "0 failed" when any phase failed. Besides failed tests, every runner-level
// error counts as one failure: a jest suite that could not run, Playwright's
// top-level errors (its web server did not start, a global setup threw, the
// run timed out), a build that failed, a phase that wrote no report, a
// runner that exited non-zero without saying why, and a check that failed
// (ESLint's findings, files Prettier would change, secrets in the log).

/** @typedef {{ passed: number, failed: number, skipped: number, problems: string[] }} Totals */

/** @returns {Totals} */
export function emptyTotals() {
  // `retried`: tests that passed only on a retry (counted as passed, and named above the summary line).
  return { passed: 0, failed: 0, skipped: 0, problems: [], retried: [] };
}

const firstLine = (text) =>
  String(text ?? "")
    .trim()
    .split("\n")[0] || "(no message)";

/**
 * A runner that exited non-zero while its own counts show no failure still
 * failed: one failure, so the exit code and the line agree.
 */
function failedRun(totals, phase, failed, exitCode) {
  if (failed === 0 && exitCode !== 0) {
    totals.failed += 1;
    totals.problems.push(`${phase}: exited with code ${exitCode} without a failed test`);
  }
}

/**
 * A jest run (its --json report, or null when none was written). Failed
 * tests count one each; a suite that failed to run (a syntax error, a throw
 * at import, a failing afterAll) counts one more, as its tests are not in
 * numFailedTests.
 */
export function addJest(totals, phase, report, exitCode) {
  if (!report) {
    totals.failed += 1;
    totals.problems.push(`${phase}: no report (exit code ${exitCode})`);
    return totals;
  }
  totals.passed += report.numPassedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A failed suite without a failed test could not run; the aggregate also
  // counts suites that failed to run after some of their tests failed.
  const suiteErrors = (report.testResults ?? []).filter(
    (suite) => suite.status === "failed" && !(suite.assertionResults ?? []).some((t) => t.status === "failed"),
  );
  const runtimeErrors = Math.max(suiteErrors.length, report.numRuntimeErrorTestSuites ?? 0);
  for (const suite of suiteErrors)
    totals.problems.push(`${phase}: ${suite.name ?? "a suite"} failed to run: ${firstLine(suite.message)}`);
  const failed = (report.numFailedTests ?? 0) + runtimeErrors;
  totals.failed += failed;
  failedRun(totals, phase, failed, exitCode);
  return totals;
}

/**
 * A Playwright run (its JSON reporter's output, or null). Tests that never ran
 * because the run stopped are reported as skipped with the reason in the
 * top-level `errors`; each of those errors counts as a failure.
 */
export function addPlaywright(totals, phase, report, exitCode) {
  if (!report?.stats) {
    totals.failed += 1;
    totals.problems.push(`${phase}: no report (exit code ${exitCode})`);
    return totals;
  }
  const { stats } = report;
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.skipped += stats.skipped ?? 0;
  totals.retried.push(...flakyTests(report.suites ?? []).map((title) => `${phase}: ${title}`));
  const errors = report.errors ?? [];
  for (const error of errors) totals.problems.push(`${phase}: ${firstLine(error.message ?? error.value)}`);
  const failed = (stats.unexpected ?? 0) + errors.length;
  totals.failed += failed;
  failedRun(totals, phase, failed, exitCode);
  return totals;
}

/** A step that failed outside any test runner (the build, an unreadable log): one failure. */
export function addFailure(totals, phase, reason) {
  totals.failed += 1;
  totals.problems.push(`${phase}: ${reason}`);
  return totals;
}

/** A check that `npm test` runs itself (the log check): one pass or one failure. */
export function addCheck(totals, phase, ok, reason) {
  if (ok) totals.passed += 1;
  else addFailure(totals, phase, reason);
  return totals;
}

/**
 * A check that is a command (ESLint, Prettier): exit code 0 is one pass,
 * anything else one failure, with what that code means to the tool (`meanings`,
 * by exit code) or else the code itself.
 */
export function addCommand(totals, phase, exitCode, meanings = {}) {
  return addCheck(totals, phase, exitCode === 0, meanings[exitCode] ?? `exited with code ${exitCode}`);
}

/** The line above the summary: how many tests passed only on a retry, and which (empty when none did). */
export function retriedLines(totals) {
  if (!totals.retried.length) return [];
  return [`passed only on retry: ${totals.retried.length}`, ...totals.retried.map((title) => `  - ${title}`)];
}

/** The line people and CI read: the last one `npm test` prints. */
export function summaryLine(totals) {
  return `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
}

/** Titles of the tests Playwright marked flaky (failed, then passed on retry). */
export function flakyTests(suites, prefix = []) {
  const found = [];
  for (const suite of suites) {
    const titles = suite.title && !suite.title.endsWith(".ts") ? [...prefix, suite.title] : prefix;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === "flaky"))
        found.push([spec.file, ...titles, spec.title].join(" › "));
    }
    found.push(...flakyTests(suite.suites ?? [], titles));
  }
  return found;
}
