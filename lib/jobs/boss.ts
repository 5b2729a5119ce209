import "server-only";
import PgBoss from "pg-boss";
import { dbEnv } from "@/lib/db/env";
import { jobsEnv } from "@/lib/jobs/env";
import { isJobOutcomeStatement } from "@/lib/jobs/outcome-statements";
import { QUEUE_NAMES, QUEUES } from "@/lib/jobs/queues";

// One pg-boss per process (docs/jobs.md). Its tables live in the `pgboss`
// schema of the app's own database, so the queue needs no other service, is
// shared by every instance and keeps its jobs across restarts. start()
// creates or upgrades that schema (under an advisory lock, so instances
// starting together do not race) and the queues with their retry policy.
//
// A process that only sends jobs (a page, a test) starts it without
// supervision or scheduling; the worker (lib/jobs/worker.ts) starts it with
// both, which is what expires lost jobs and runs the sweeps' cron.

type Role = "producer" | "worker";

const state = globalThis as unknown as { loyaltapBoss?: Promise<PgBoss>; loyaltapBossRole?: Role };

export const JOB_SCHEMA = "pgboss";

// pg-boss 10 records a worked job's outcome (complete, or fail so the queue
// retries it) without awaiting the statement. A connection lost at that moment
// (a database restart, a failover, pg_terminate_backend) made that rejection
// unhandled, and the job stayed active until it expired and was worked again.
// Here the outcome statement is tried once more, on a fresh connection from the
// pool, and a second failure is logged instead of thrown: the job is then
// worked again after it expires (at least once, docs/jobs.md). Both statements
// only change jobs still active or waiting, so running one twice is harmless.
class ProductBoss extends PgBoss {
  override getDb(): PgBoss.Db {
    const db = super.getDb();
    const guarded = db as PgBoss.Db & { outcomesGuarded?: boolean };
    if (guarded.outcomesGuarded) return db;
    guarded.outcomesGuarded = true;
    const execute = db.executeSql.bind(db);
    db.executeSql = async (text, values) => {
      if (!isJobOutcomeStatement(text)) return execute(text, values);
      try {
        return await execute(text, values);
      } catch {
        // Tried once more below, on another connection of the pool.
      }
      try {
        return await execute(text, values);
      } catch (error) {
        console.error(
          `Job queue: a job's outcome was not recorded (${error instanceof Error ? error.message : String(error)}); the job is worked again once it expires`,
        );
        return { rows: [{ count: "0" }] };
      }
    };
    return db;
  }
}

/**
 * A pg-boss on the app's database with the product's settings, not started.
 * The process's own is getBoss()'s; tests start more to play other processes.
 */
export function createBoss(role: Role): PgBoss {
  const connectionString = dbEnv.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the job queue lives in the app's database");
  const boss = new ProductBoss({
    connectionString,
    schema: JOB_SCHEMA,
    max: jobsEnv.JOB_POOL_MAX,
    application_name: `loyaltap-jobs-${role}`,
    supervise: role === "worker",
    schedule: role === "worker",
    // How often a worker checks for expired (lost) jobs and runs retention.
    maintenanceIntervalSeconds: jobsEnv.JOB_MAINTENANCE_SECONDS,
    // Completed jobs are kept a week for inspection, then deleted.
    deleteAfterDays: 7,
  });
  boss.on("error", (error: Error) => console.error(`Job queue error: ${error.message}`));
  return boss;
}

async function start(role: Role): Promise<PgBoss> {
  const boss = createBoss(role);
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const name of QUEUE_NAMES) {
    const policy = QUEUES[name];
    if (existing.has(name)) await boss.updateQueue(name, { name, ...policy });
    else await boss.createQueue(name, { name, ...policy });
  }
  return boss;
}

/** The process's started queue; the first caller decides whether it also supervises (the worker) or only sends. */
export function getBoss(role: Role = "producer"): Promise<PgBoss> {
  if (!state.loyaltapBoss) {
    state.loyaltapBossRole = role;
    state.loyaltapBoss = start(role).catch((error) => {
      state.loyaltapBoss = undefined;
      throw error;
    });
  } else if (role === "worker" && state.loyaltapBossRole !== "worker") {
    throw new Error("the job queue was started to send only; start the worker before anything sends a job");
  }
  return state.loyaltapBoss;
}

/** Stops the queue, waiting up to `timeoutMs` for running jobs (tests, shutdown). */
export async function stopBoss(timeoutMs = 10_000): Promise<void> {
  const started = state.loyaltapBoss;
  state.loyaltapBoss = undefined;
  state.loyaltapBossRole = undefined;
  if (!started) return;
  const boss = await started.catch(() => null);
  if (!boss) return;
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
