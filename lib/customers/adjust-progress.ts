import "server-only";
import { writeAdjustment, type AdjustmentOutcome, type AdjustmentRequest } from "@/lib/db/adjustments";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { announceCardChange } from "@/lib/jobs/events";

/**
 * An owner's manual adjustment of a customer's progress (docs/owner-tools.md,
 * "Adjustments"; its transaction is lib/db/adjustments.ts, writeAdjustment).
 * The rewards it issues and the card it changes are announced, as a visit's
 * are, in that same transaction.
 */
export async function adjustProgress(
  ownerId: string,
  request: AdjustmentRequest,
  now: Date = new Date(),
): Promise<AdjustmentOutcome> {
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  return writeAdjustment(ownerId, request, announceCardChange, now);
}
