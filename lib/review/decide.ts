import "server-only";
import { findPendingHeldVisit, markHeldVisitApproved, rejectHeldVisit, setHeldVisitTap } from "@/lib/db/held-visits";
import { recordVisit } from "@/lib/tap/record-visit";

// Staff's decision on a held visit (docs/review-queue.md).

export type ApprovalResult = { ok: true; recorded: boolean } | { ok: false; code: "not_found" | "decided" | "refused" };

/** Thrown inside the approval's transaction when another approval or a rejection decided it first: nothing commits. */
class AlreadyDecided extends Error {
  constructor() {
    super("held visit already decided");
  }
}

/**
 * Approves a held visit: the status moves PENDING → APPROVED in one guarded
 * statement that runs first in the visit's own transaction, then the visit is
 * applied through the engine as any tap is (lib/tap/record-visit.ts), at the
 * time it was tapped: its day's limit still applies (a spent day records
 * nothing and the held visit stays approved with no visit), the card's
 * progress, rewards and jobs follow. Ten approvals at once record one visit.
 */
export async function approveHeldVisit(
  actorId: string,
  businessId: string,
  heldVisitId: string,
  now: Date,
): Promise<ApprovalResult> {
  const held = await findPendingHeldVisit(businessId, heldVisitId);
  if (!held) return { ok: false, code: "not_found" };
  try {
    const outcome = await recordVisit({
      userId: held.userId,
      businessId,
      tagId: held.tagId,
      locationId: held.tagId ? null : held.locationId,
      source: "TAG",
      refuseOwner: true,
      now: held.heldAt,
      beforeVisit: async (tx) => {
        if (!(await markHeldVisitApproved(tx, { id: heldVisitId, businessId }, actorId, now)))
          throw new AlreadyDecided();
      },
      afterVisit: (tx, tapId) => setHeldVisitTap(tx, heldVisitId, tapId),
    });
    if (outcome.ok) return { ok: true, recorded: true };
    if (
      outcome.reason === "limit_reached" ||
      outcome.reason === "own_business" ||
      outcome.reason === "email_not_verified"
    )
      return { ok: true, recorded: false };
    return { ok: false, code: "refused" };
  } catch (error) {
    if (error instanceof AlreadyDecided) return { ok: false, code: "decided" };
    throw error;
  }
}

/** Rejects a held visit (audited); nothing of it is ever recorded. */
export async function rejectHeld(
  actorId: string,
  businessId: string,
  heldVisitId: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; code: "decided" }> {
  return (await rejectHeldVisit(businessId, heldVisitId, actorId, now)) ? { ok: true } : { ok: false, code: "decided" };
}
