// The two statements pg-boss 10 runs without awaiting them when a worker has
// finished a job: the completion, and the fail that hands the job to a retry.
// Recognised by their text, which tests/unit/job-outcome-statements.test.ts
// checks against the installed pg-boss.
const OUTCOME_STATEMENTS = [
  // completeJobs: "UPDATE <schema>.job SET completed_on = now(), state = 'completed'"
  /SET completed_on = now\(\),\s+state = 'completed'/,
  // failJobsById: the jobs named by id are deleted and re-inserted as retry or failed
  /WITH deleted_jobs AS[\s\S]*WHERE name = \$1 AND id IN \(SELECT UNNEST\(\$2::uuid\[\]\)\)/,
];

/** True for the statements pg-boss runs without awaiting them. */
export function isJobOutcomeStatement(text: string): boolean {
  return OUTCOME_STATEMENTS.some((pattern) => pattern.test(text));
}
