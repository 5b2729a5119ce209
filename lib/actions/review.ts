"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import { saveReviewRules } from "@/lib/db/held-visits";
import { approveHeldVisit, rejectHeld } from "@/lib/review/decide";
import { heldVisitDecisionSchema, reviewSettingsSchema } from "@/lib/validation/review";

// The review queue (docs/review-queue.md): the owner and staff decide held
// visits; only the owner changes the hold rules. Anyone else gets the answer
// of a business that does not exist.

const NOT_FOUND = failure("dashboard.business.notFound");
const counter = { of: ([input]: [{ businessId: string }]) => input.businessId, notFound: NOT_FOUND };

/** Approve: the held visit is applied once, at the time it was tapped (the day's limit still applies). */
export const approveHeldVisitAction = action(
  { role: "staff", args: [heldVisitDecisionSchema], business: counter },
  async ({ args: [input], user, business }): Promise<ActionResult<{ recorded: boolean }>> => {
    const result = await approveHeldVisit(user.id, business.id, input.heldVisitId, requestNow(await headers()));
    if (result.ok) return result;
    return failure(result.code === "refused" ? "review.queue.refused" : "review.queue.decided", { code: result.code });
  },
);

/** Reject: nothing of the visit is recorded; the decision is in the audit log. */
export const rejectHeldVisitAction = action(
  { role: "staff", args: [heldVisitDecisionSchema], business: counter },
  async ({ args: [input], user, business }): Promise<ActionResult> => {
    const result = await rejectHeld(user.id, business.id, input.heldVisitId, requestNow(await headers()));
    return result.ok ? result : failure("review.queue.decided", { code: result.code });
  },
);

/** The owner's hold rules, each number within its bounds. */
export const saveReviewSettingsAction = action(
  { role: "owner", args: [reviewSettingsSchema], business: counter },
  async ({ args: [input], user, business }): Promise<ActionResult> =>
    (await saveReviewRules(user.id, business!.id, input.rules)) ? { ok: true } : NOT_FOUND,
);
