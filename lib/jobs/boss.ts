import "server-only";
import { PgBoss } from "pg-boss";
import { dbEnv } from "@/lib/db/env";
import { jobsEnv } from "@/lib/jobs/env";
import { movePgBoss10Jobs } from "@/lib/jobs/pg-boss-10";
import { QUEUE_NAMES, QUEUES } from "@/lib/jobs/queues";

// One pg-boss per process (docs/jobs.md). Its tables live in the `jobs`
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

// Not "pgboss": pg-boss 12 cannot upgrade the schema pg-boss 10 left there
// (its migrations start from pg-boss 11's), so it has a schema of its own and
// the jobs still waiting in the old one are moved over (lib/jobs/pg-boss-10.ts).
export const JOB_SCHEMA = "jobs";

/**
 * A pg-boss on the app's database with the product's settings, not started.
 * The process's own is getBoss()'s; tests start more to play other processes.
 */
export function createBoss(role: Role): PgBoss {
  const connectionString = dbEnv.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the job queue lives in the app's database");
  const boss = new PgBoss({
    connectionString,
    schema: JOB_SCHEMA,
    max: jobsEnv.JOB_POOL_MAX,
    application_name: `loyaltap-jobs-${role}`,
    supervise: role === "worker",
    schedule: role === "worker",
    // How often a worker looks for expired (lost) jobs: pg-boss's supervision
    // pass, and the queue monitoring in it that hands lost jobs back. The
    // deletion of old finished jobs keeps pg-boss's own pace (once a day).
    superviseIntervalSeconds: jobsEnv.JOB_MAINTENANCE_SECONDS,
    monitorIntervalSeconds: jobsEnv.JOB_MAINTENANCE_SECONDS,
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
    if (existing.has(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
  await movePgBoss10Jobs(boss);
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
  await boss.stop({ graceful: true, timeout: timeoutMs });
}
