import "server-only";
import type { PgBoss } from "pg-boss";
import { env } from "@/lib/env";
import { jobsEnv } from "@/lib/jobs/env";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { HANDLERS, type JobHandler } from "@/lib/jobs/handlers";
import { SCHEDULES, type QueueName } from "@/lib/jobs/queues";

/**
 * Works one queue with `handler` on a started queue: one job at a time, a
 * handler that throws fails the try (the queue's policy retries it), and the
 * handler is told which try this is.
 */
export async function workQueue(
  boss: PgBoss,
  name: string,
  handler: JobHandler,
  pollingIntervalSeconds: number = jobsEnv.JOB_POLL_SECONDS,
): Promise<string> {
  // Set once work() answers; the handler cannot run before (its first fetch is a query).
  const worker: { id?: string } = {};
  // includeMetadata: without it pg-boss hands over no retryCount.
  worker.id = await boss.work(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const started = Date.now();
    try {
      await handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
    } catch (error) {
      console.error(`Job ${name} ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    } finally {
      // pg-boss waits a whole polling interval after every fetch, even one
      // that found a job: a burst of 100 mails would take 100 intervals. Woken
      // here, the worker fetches the next job at once and only waits once the
      // queue is empty.
      if (worker.id) boss.notifyWorker(worker.id);
    }
    if (env.LOG_LEVEL === "debug") console.info(`Job ${name} ${job.id} done in ${Date.now() - started} ms`);
  });
  return worker.id;
}

/**
 * Starts working the queues in this process: by default inside the app
 * server (instrumentation.ts), or as its own process (`npm run worker`).
 * Any number of workers may run on the same database: each job is taken by
 * one of them (SELECT … FOR UPDATE SKIP LOCKED inside pg-boss), and the cron
 * of the sweeps fires once per slot across all of them.
 */
export async function startWorker(
  handlers: Partial<Record<QueueName, JobHandler>> = HANDLERS,
): Promise<{ stop: () => Promise<void> }> {
  const boss = await getBoss("worker");
  for (const [name, handler] of Object.entries(handlers) as [QueueName, JobHandler][]) {
    await workQueue(boss, name, handler);
  }
  for (const { name, cron } of SCHEDULES) {
    if (handlers[name]) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }
  return { stop: () => stopBoss() };
}
