import "server-only";
import { createHash } from "node:crypto";
import { getBoss } from "@/lib/jobs/boss";
import type { SqlExecutor } from "@/lib/db/sql";
import type { QueueName } from "@/lib/jobs/queues";

export { prismaExecutor, type SqlExecutor } from "@/lib/db/sql";

export type JobRequest = {
  name: QueueName;
  data: Record<string, unknown>;
  /**
   * The event this job is for ("reward-earned:<rewardId>"): the job's id is
   * derived from it, so sending the same event twice queues one job while
   * the first is still kept (see docs/jobs.md for what guards delivery after).
   */
  key?: string;
  /** Not before this moment. */
  startAfter?: Date;
};

/** A stable UUID for an event key (SHA-256, shaped as a version-5-like UUID). */
export function jobIdFor(name: string, key: string): string {
  const hex = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Queues jobs: one statement per queue. Given the caller's transaction, the
 * jobs are written by that transaction: they exist once it commits and vanish
 * if it rolls back, so a job never announces a reward that was not kept, and
 * a kept reward never misses its job. Without one they are queued at once.
 */
export async function enqueue(jobs: readonly JobRequest[], on?: SqlExecutor): Promise<void> {
  if (jobs.length === 0) return;
  const boss = await getBoss();
  const options = on
    ? { db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await on.query(text, values) }) } }
    : {};
  for (const [name, queued] of Map.groupBy(jobs, (job) => job.name)) {
    const rows = queued.map((job) => ({
      data: job.data,
      ...(job.key ? { id: jobIdFor(job.name, job.key) } : {}),
      ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
    }));
    await boss.insert(name, rows, options);
  }
}

/**
 * Starts this process's queue if it is not yet (a no-op after the first call).
 * Called before a Prisma transaction that will enqueue: the queue's first start
 * (its schema, its queues) must not eat into the transaction's time limit.
 */
export async function jobQueueReady(): Promise<void> {
  await getBoss();
}
