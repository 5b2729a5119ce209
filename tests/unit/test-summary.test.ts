import {
  addCheck,
  addCommand,
  addFailure,
  addJest,
  addPlaywright,
  emptyTotals,
  retriedLines,
  summaryLine,
} from "@/scripts/test-summary.mjs";

// Shapes as jest --json and Playwright's JSON reporter write them (the fields the count reads).
const jestReport = (over: Record<string, unknown> = {}) => ({
  numPassedTests: 10,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numRuntimeErrorTestSuites: 0,
  testResults: [
    { name: "/repo/tests/unit/a.test.ts", status: "passed", message: "", assertionResults: [{ status: "passed" }] },
  ],
  ...over,
});

const playwrightReport = (over: Record<string, unknown> = {}) => ({
  suites: [],
  errors: [],
  stats: { expected: 5, unexpected: 0, flaky: 0, skipped: 0 },
  ...over,
});

describe("npm test's summary line", () => {
  test("a clean run reads all passed", () => {
    const totals = emptyTotals();
    addJest(totals, "jest", jestReport(), 0);
    addPlaywright(totals, "playwright", playwrightReport(), 0);
    addCheck(totals, "log check", true, "secrets found");
    expect(summaryLine(totals)).toBe("16 passed, 0 failed, 0 skipped");
    expect(totals.problems).toEqual([]);
  });

  test("Playwright's web server not starting counts as a failure, with its reason", () => {
    // What Playwright reports when the port is taken: no test ran, all are "skipped", one top-level error.
    const report = playwrightReport({
      errors: [
        {
          message:
            "Error: http://127.0.0.1:3100/about is already used, make sure that nothing is running on the port/url",
        },
      ],
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 120 },
    });
    const totals = addPlaywright(emptyTotals(), "playwright", report, 1);
    expect(summaryLine(totals)).toBe("0 passed, 1 failed, 120 skipped");
    expect(totals.problems).toEqual([
      "playwright: Error: http://127.0.0.1:3100/about is already used, make sure that nothing is running on the port/url",
    ]);
  });

  test("each of Playwright's top-level errors counts beside its failed tests", () => {
    const report = playwrightReport({
      errors: [{ message: "global setup threw" }, { message: "Timed out waiting 600s for the test suite to run" }],
      stats: { expected: 3, unexpected: 2, flaky: 1, skipped: 4 },
    });
    expect(summaryLine(addPlaywright(emptyTotals(), "playwright", report, 1))).toBe("4 passed, 4 failed, 4 skipped");
  });

  test("a jest suite that could not run counts as a failure though no test failed", () => {
    const report = jestReport({
      numRuntimeErrorTestSuites: 1,
      testResults: [
        { name: "/repo/tests/unit/a.test.ts", status: "passed", message: "", assertionResults: [{ status: "passed" }] },
        {
          name: "/repo/tests/unit/broken.test.ts",
          status: "failed",
          message: "  ● Test suite failed to run\n\n    SyntaxError",
          assertionResults: [],
        },
      ],
    });
    const totals = addJest(emptyTotals(), "jest", report, 1);
    expect(summaryLine(totals)).toBe("10 passed, 1 failed, 0 skipped");
    expect(totals.problems).toEqual([
      "jest: /repo/tests/unit/broken.test.ts failed to run: ● Test suite failed to run",
    ]);
  });

  test("failed jest tests count one each, not once more for their suite", () => {
    const report = jestReport({
      numPassedTests: 8,
      numFailedTests: 2,
      testResults: [
        {
          name: "/repo/tests/unit/a.test.ts",
          status: "failed",
          message: "",
          assertionResults: [{ status: "failed" }, { status: "failed" }],
        },
      ],
    });
    const totals = addJest(emptyTotals(), "jest", report, 1);
    expect(summaryLine(totals)).toBe("8 passed, 2 failed, 0 skipped");
    expect(totals.problems).toEqual([]);
  });

  test("a phase that wrote no report counts as a failure", () => {
    const totals = emptyTotals();
    addJest(totals, "reliability", null, 1);
    addPlaywright(totals, "playwright", null, 1);
    expect(summaryLine(totals)).toBe("0 passed, 2 failed, 0 skipped");
    expect(totals.problems).toEqual(["reliability: no report (exit code 1)", "playwright: no report (exit code 1)"]);
  });

  test("a runner that exits non-zero with clean counts still counts one failure", () => {
    // e.g. jest's global teardown throwing after every test passed.
    const totals = emptyTotals();
    addJest(totals, "cluster", jestReport(), 1);
    addPlaywright(totals, "playwright", playwrightReport(), 1);
    expect(summaryLine(totals)).toBe("15 passed, 2 failed, 0 skipped");
  });

  test("a failed build and a log with secrets count as failures", () => {
    const totals = emptyTotals();
    addJest(totals, "jest", jestReport(), 0);
    addCheck(totals, "log check", false, "2 secrets in test-results/e2e-server.log");
    addFailure(totals, "next build", "exited with code 1; e2e, reliability and cluster not run");
    expect(summaryLine(totals)).toBe("10 passed, 2 failed, 0 skipped");
    expect(totals.problems).toHaveLength(2);
  });

  test("lint and format passing count one pass each", () => {
    const totals = emptyTotals();
    addCommand(totals, "lint", 0, { 1: "ESLint found problems" });
    addCommand(totals, "format", 0, { 1: "files not formatted" });
    addJest(totals, "jest", jestReport(), 0);
    expect(summaryLine(totals)).toBe("12 passed, 0 failed, 0 skipped");
    expect(totals.problems).toEqual([]);
  });

  test("lint findings or unformatted files fail the run though every test passed", () => {
    const totals = emptyTotals();
    addCommand(totals, "lint", 1, { 1: "ESLint found problems", 2: "ESLint could not run" });
    addCommand(totals, "format", 1, { 1: "files not formatted", 2: "Prettier could not run" });
    addJest(totals, "jest", jestReport(), 0);
    expect(summaryLine(totals)).toBe("10 passed, 2 failed, 0 skipped");
    expect(totals.problems).toEqual(["lint: ESLint found problems", "format: files not formatted"]);
  });

  test("a tool that crashed or could not start is a failure named by its exit code", () => {
    const totals = emptyTotals();
    addCommand(totals, "lint", 2, { 1: "ESLint found problems", 2: "ESLint could not run" });
    addCommand(totals, "format", 127);
    expect(summaryLine(totals)).toBe("0 passed, 2 failed, 0 skipped");
    expect(totals.problems).toEqual(["lint: ESLint could not run", "format: exited with code 127"]);
  });
});

describe("tests that passed only on a retry", () => {
  test("are counted and named above the summary line, so a retry never hides a new flake", () => {
    const spec = (title: string, status: string) => ({ title, file: "staff.spec.ts", tests: [{ status }] });
    const report = playwrightReport({
      suites: [
        {
          title: "staff.spec.ts",
          specs: [spec("an owner invites a staff member", "flaky"), spec("a staff member is revoked", "expected")],
          suites: [{ title: "on a phone", specs: [spec("the bar shows only their tabs", "flaky")] }],
        },
      ],
      stats: { expected: 1, unexpected: 0, flaky: 2, skipped: 0 },
    });
    const totals = addPlaywright(emptyTotals(), "playwright", report, 0);
    expect(summaryLine(totals)).toBe("3 passed, 0 failed, 0 skipped");
    expect(retriedLines(totals)).toEqual([
      "passed only on retry: 2",
      "  - playwright: staff.spec.ts › an owner invites a staff member",
      "  - playwright: staff.spec.ts › on a phone › the bar shows only their tabs",
    ]);
    expect(retriedLines(addPlaywright(emptyTotals(), "playwright", playwrightReport(), 0))).toEqual([]);
  });
});
