import "server-only";
import { failure, type ActionResult } from "@/lib/actions/result";
import { settleEndedPauses, writePause, writeReopen, type Reopened } from "@/lib/db/season-pause";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletBusinessChanged } from "@/lib/jobs/events";
import { DATE_TOO_FAR_MESSAGE, DATE_TOO_SOON_MESSAGE, NOT_PAUSED_MESSAGE } from "@/lib/validation/business-lifecycle";

// Closed for a season (docs/business-lifecycle.md): the owner's pause and
// reopening, and the sweep's settling of a pause that ended by its date. The
// statements are lib/db/season-pause.ts; here every change also queues the
// wallet refresh of every card of the business (lib/jobs/events.ts,
// walletBusinessChanged) in its own transaction, so a card says "Closed until
// 1 March" while closed and stops saying it once reopened.

const NOT_FOUND = failure("dashboard.business.notFound");

/** Closes the owner's business from `now` until the morning of `until` (a local day), or until reopened (null). */
export async function pauseBusiness(
  ownerId: string,
  businessId: string,
  until: string | null,
  now: Date,
): Promise<ActionResult> {
  await jobQueueReady();
  const outcome = await writePause(ownerId, businessId, until, (tx, id) => walletBusinessChanged(id, tx, now), now);
  if (outcome.ok) return { ok: true };
  if (outcome.code === "date_too_soon")
    return failure(DATE_TOO_SOON_MESSAGE, { fieldErrors: { until: DATE_TOO_SOON_MESSAGE } });
  if (outcome.code === "date_too_far")
    return failure(DATE_TOO_FAR_MESSAGE, { fieldErrors: { until: DATE_TOO_FAR_MESSAGE } });
  return NOT_FOUND;
}

/** Reopens the owner's business now; its ready rewards' expiries move on by the time they spent closed. */
export async function reopenBusiness(
  ownerId: string,
  businessId: string,
  now: Date,
): Promise<ActionResult<{ rewardsMoved: number }>> {
  await jobQueueReady();
  const outcome = await writeReopen(ownerId, businessId, (tx, id) => walletBusinessChanged(id, tx, now), now);
  if (outcome.ok) return { ok: true, rewardsMoved: outcome.rewardsMoved };
  return outcome.code === "not_paused" ? failure(NOT_PAUSED_MESSAGE) : NOT_FOUND;
}

/** The hourly sweep: every pause that ended by its date is settled as of its morning (docs/jobs.md, "Sweeps"). */
export async function sweepEndedPauses(now: Date): Promise<Reopened[]> {
  await jobQueueReady();
  return settleEndedPauses(now, (tx, id) => walletBusinessChanged(id, tx, now));
}
