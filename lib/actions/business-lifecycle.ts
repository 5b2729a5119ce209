"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { reauthenticate } from "@/lib/auth/reauthentication";
import { deleteBusiness, type DeletedBusinessResult } from "@/lib/business/delete-business";
import { pauseBusiness, reopenBusiness } from "@/lib/business/pause-business";
import { requestNow } from "@/lib/clock";
import { deleteBusinessSchema, pauseBusinessSchema, reopenBusinessSchema } from "@/lib/validation/business-lifecycle";

// The owner's "Closed for the season" and "Delete this business"
// (docs/business-lifecycle.md). The owner's alone: staff and everyone else get
// the answer of a business that does not exist.

const NOT_FOUND = failure("dashboard.business.notFound");

/** Closes the business for the season, until a reopening day or until reopened. */
export const pauseBusinessAction = action(
  {
    role: "owner",
    args: [pauseBusinessSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult> =>
    pauseBusiness(user.id, business!.id, input.until, requestNow(await headers())),
);

/** "Reopen now": visits count again, and ready rewards' expiries move on by the time spent closed. */
export const reopenBusinessAction = action(
  {
    role: "owner",
    args: [reopenBusinessSchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ user, business }): Promise<ActionResult<{ rewardsMoved: number }>> =>
    reopenBusiness(user.id, business!.id, requestNow(await headers())),
);

/**
 * Deletes the business for good, once the owner has typed its name and proved
 * it is them (the current password, or a confirmation link or passkey just
 * used: docs/authentication.md, "Re-authentication for sensitive actions").
 * The business is matched to its owner in the deletion's own statement; one
 * the owner already deleted answers ok again (a retry), so the action is safe
 * to repeat.
 */
export const deleteBusinessAction = action(
  { role: "owner", args: [deleteBusinessSchema] },
  async ({ args: [input], user }): Promise<DeletedBusinessResult> => {
    const requestHeaders = await headers();
    const reauth = await reauthenticate(user.id, input.password, requestHeaders);
    if (!reauth.ok) return reauth;
    return deleteBusiness(user.id, input.businessId, input.name, requestNow(requestHeaders));
  },
);
