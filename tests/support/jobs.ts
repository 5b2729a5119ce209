import { randomBytes } from "node:crypto";
import { queryRows } from "@/lib/db/sql";
import { JOB_SCHEMA } from "@/lib/jobs/boss";

export type StoredJob = {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: string;
  retryCount: number;
  retryLimit: number;
};

/** The queued jobs (any state) of the given queues whose data[field] is one of `values`, oldest first. */
export function jobsWhere(names: readonly string[], field: string, values: readonly string[]): Promise<StoredJob[]> {
  return queryRows<StoredJob>(
    `SELECT id::text, name, data, state::text, retry_count AS "retryCount", retry_limit AS "retryLimit"
    FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND data->>$2::text = ANY($3::text[])
    ORDER BY created_on, name`,
    [names, field, values],
  );
}

/**
 * Holds a PostgreSQL advisory lock (on a connection of its own) until the
 * returned release is called. The owner-summary sweep reads every business of
 * the shared test database: the files that turn summaries on hold this lock
 * while they sweep, so one file's sweep never marks another's businesses.
 */
export async function holdTestLock(name: string): Promise<() => Promise<void>> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
  return async () => {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
    await client.end();
  };
}

export const OWNER_SUMMARY_LOCK = "tests:owner-summary-sweep";

/**
 * Runs `work` while the queue's table refuses (raises "refused") each job
 * whose row matches `condition` (SQL on NEW: `NEW.data->>'rewardId' = '…'`),
 * as a queue that cannot take the job would. A change whose jobs are queued
 * in its own transaction is then rolled back with them.
 */
export async function whileJobsRefused<T>(condition: string, work: () => Promise<T>): Promise<T> {
  const name = `${JOB_SCHEMA}.refuse_test_job_${randomBytes(6).toString("hex")}`;
  await queryRows(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF ${condition} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
  );
  const trigger = name.slice(JOB_SCHEMA.length + 1);
  await queryRows(
    `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${JOB_SCHEMA}.job FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
  try {
    return await work();
  } finally {
    await queryRows(`DROP TRIGGER ${trigger} ON ${JOB_SCHEMA}.job`);
    await queryRows(`DROP FUNCTION ${name}()`);
  }
}
