import { isJobOutcomeStatement } from "@/lib/jobs/outcome-statements";

// pg-boss's own statement texts, as the installed version builds them: an
// upgrade that rewrites them must not silently drop the guard on outcomes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const plans = require("pg-boss/src/plans") as Record<string, unknown>;

test("of all pg-boss's statements, exactly the completion and the fail by id are outcomes", () => {
  const outcomes = Object.entries(plans)
    .filter(([, build]) => typeof build === "function")
    .flatMap(([name, build]) => {
      let text: unknown;
      try {
        text = (build as (schema: string) => unknown)("pgboss");
      } catch {
        return [];
      }
      return typeof text === "string" && isJobOutcomeStatement(text) ? [name] : [];
    });
  expect(outcomes.sort()).toEqual(["completeJobs", "failJobsById"]);
});

test("the app's own statements on jobs are not outcomes", () => {
  expect(isJobOutcomeStatement(`SELECT id::text, state::text FROM pgboss.job WHERE name = $1::text`)).toBe(false);
  expect(isJobOutcomeStatement(`UPDATE "Reward" SET "redeemedAt" = now() WHERE id = $1`)).toBe(false);
});
