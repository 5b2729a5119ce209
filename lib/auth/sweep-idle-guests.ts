import "server-only";
import { deleteIdleGuests } from "@/lib/db/guests";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletPassesVoided } from "@/lib/jobs/events";

/**
 * The idle-guest sweep (docs/jobs.md, "Sweeps"): deletes guest cards unused
 * for GUEST_IDLE_MONTHS, their wallet passes voided as for a deleted account,
 * queued in each batch's own transaction. Returns how many went.
 */
export async function sweepIdleGuests(now: Date, batchSize?: number): Promise<number> {
  // The queue starts before the transactions, never inside one (lib/jobs/enqueue.ts).
  await jobQueueReady();
  return deleteIdleGuests(now, (tx, guest) => walletPassesVoided(tx, guest), batchSize);
}
