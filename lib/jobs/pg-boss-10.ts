import "server-only";
import type { JobInsert, PgBoss } from "pg-boss";
import { inTransaction, queryRows } from "@/lib/db/sql";

// pg-boss 10 kept its jobs in the `pgboss` schema (schema version 24). pg-boss
// 12 cannot migrate that schema: its migrations start from pg-boss 11's, and
// pg-boss 11 itself shipped without a migration from 10 (its release notes:
// move the jobs with INSERT … SELECT). So the queue now lives in a schema of
// its own (JOB_SCHEMA), and each start moves the jobs still waiting in the old
// one (docs/jobs.md, "Upgrading from pg-boss 10"):
// - waiting (`created`) and waiting for a retry (`retry`) jobs, and `active`
//   ones whose time is up (their worker died), keep their id, data, start
//   time and priority, and the tries they had left;
// - finished jobs (completed, failed, cancelled) stay there for inspection;
//   active jobs still in their time belong to a pg-boss 10 worker that is
//   still running (a rolling upgrade) and are moved by a later start if it
//   loses them.
// The move is one transaction per batch: the jobs are inserted with pg-boss
// 12's own insert and deleted from the old table, so a job is in one schema
// or the other, never both, whatever crashes. Rows are taken FOR UPDATE SKIP
// LOCKED, so instances starting together share the work.

const LEGACY_SCHEMA = "pgboss";
const BATCH = 500;
/** Jobs no pg-boss 10 worker holds: waiting, waiting for a retry, or lost by a worker that died. */
const WAITING = `(state IN ('created', 'retry') OR (state = 'active' AND started_on + expire_in < now()))`;

type LegacyJob = {
  id: string;
  name: string;
  data: Record<string, unknown> | null;
  priority: number;
  startAfter: string;
  triesLeft: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  singletonKey: string | null;
};

/** pg-boss 10's schema, if this database has one (its version table says 24). */
async function legacySchemaVersion(): Promise<number | null> {
  const [found] = await queryRows<{ table: string | null }>(`SELECT to_regclass($1::text)::text AS "table"`, [
    `${LEGACY_SCHEMA}.version`,
  ]);
  if (!found?.table) return null;
  const [row] = await queryRows<{ version: number }>(`SELECT version FROM ${LEGACY_SCHEMA}.version LIMIT 1`);
  return row?.version ?? null;
}

/**
 * Moves the jobs pg-boss 10 left waiting into `boss`'s queues (started, its
 * queues created). Returns how many it moved. A database that never had
 * pg-boss 10 costs one catalog lookup.
 */
export async function movePgBoss10Jobs(boss: PgBoss): Promise<number> {
  const version = await legacySchemaVersion();
  if (version === null) return 0;
  if (version !== 24)
    throw new Error(`the job queue's old schema "${LEGACY_SCHEMA}" is at version ${version}, not pg-boss 10's 24`);
  // Queues this version no longer has still get their jobs: each is made first,
  // outside the move's transactions.
  const names = await queryRows<{ name: string }>(`SELECT DISTINCT name FROM ${LEGACY_SCHEMA}.job WHERE ${WAITING}`);
  for (const { name } of names) if (!(await boss.getQueue(name))) await boss.createQueue(name);
  let moved = 0;
  for (;;) {
    const batch = await inTransaction(async (tx) => {
      const jobs = await tx.query<LegacyJob>(
        `SELECT id::text, name, data, priority,
           to_json(start_after) #>> '{}' AS "startAfter",
           GREATEST(retry_limit - retry_count, 0) AS "triesLeft",
           retry_delay AS "retryDelay", retry_backoff AS "retryBackoff",
           GREATEST(extract(epoch FROM expire_in)::int, 1) AS "expireInSeconds",
           singleton_key AS "singletonKey"
         FROM ${LEGACY_SCHEMA}.job
         WHERE ${WAITING}
         ORDER BY created_on
         LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED`,
      );
      if (jobs.length === 0) return 0;
      const executor = {
        executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }),
      };
      const byQueue = Map.groupBy(jobs, (job) => job.name);
      for (const [name, queued] of byQueue) {
        const inserts: JobInsert[] = queued.map((job) => ({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          startAfter: job.startAfter,
          retryLimit: job.triesLeft,
          retryDelay: job.retryDelay,
          retryBackoff: job.retryBackoff,
          expireInSeconds: job.expireInSeconds,
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        }));
        await boss.insert(name, inserts, { db: executor });
      }
      await tx.execute(`DELETE FROM ${LEGACY_SCHEMA}.job WHERE id = ANY($1::uuid[])`, [jobs.map((job) => job.id)]);
      return jobs.length;
    });
    moved += batch;
    if (batch < BATCH) break;
  }
  if (moved) console.info(`Job queue: moved ${moved} waiting job(s) from pg-boss 10's "${LEGACY_SCHEMA}" schema`);
  return moved;
}
