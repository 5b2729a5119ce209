import "server-only";
import { env } from "@/lib/env";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { HANDLERS, type JobHandler } from "@/lib/jobs/handlers";
import { SCHEDULES, type QueueName } from "@/lib/jobs/queues";

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
    let workerId: string | null = null;
    workerId = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: env.JOB_POLL_SECONDS }, async ([job]) => {
      if (!job) return;
      // pg-boss waits a whole polling interval after every fetch, even one
      // that found a job: a burst of rewards would then be mailed one every
      // JOB_POLL_SECONDS. Telling the worker it has been notified makes it
      // fetch again at once while the queue has work; an empty fetch never
      // calls this, so an idle queue still polls at the interval.
      if (workerId) boss.notifyWorker(workerId);
      const started = Date.now();
      try {
        await handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
      } catch (error) {
        console.error(`Job ${name} ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
      if (env.LOG_LEVEL === "debug") console.info(`Job ${name} ${job.id} done in ${Date.now() - started} ms`);
    });
  }
  for (const { name, cron } of SCHEDULES) {
    if (handlers[name]) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }
  return { stop: () => stopBoss() };
}
