import "server-only";
import { markOwnerSummaries, type QueuedOwnerSummary } from "@/lib/db/sweeps";
import { ownerSummariesDue } from "@/lib/jobs/events";

export type { QueuedOwnerSummary } from "@/lib/db/sweeps";

/**
 * Queues the owners' summaries due at `now` (mail.owner-summary, one per
 * business and period, once), in the transaction that marks them
 * (docs/jobs.md, "Sweeps"). Returns the summaries it queued.
 */
export async function sweepOwnerSummaries(now: Date, batchSize?: number): Promise<QueuedOwnerSummary[]> {
  return markOwnerSummaries(now, (tx, marked) => ownerSummariesDue(tx, marked), batchSize);
}
