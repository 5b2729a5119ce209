"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, invalidForm, type ActionResult } from "@/lib/actions/result";
import { claimTag } from "@/lib/db/tags";
import { claimTagSchema } from "@/lib/validation/tags";

export type ClaimActionResult = ActionResult<
  { businessId: string },
  "tap_already_claimed" | "business_not_found" | "location_not_found" | "tag_in_batch" | "invalid"
>;

// lib/db/tags answers in English for every caller; the owner reads its code's message.
const CLAIM_REFUSALS = {
  tap_already_claimed: "tags.errors.alreadyClaimed",
  business_not_found: "tags.errors.businessNotFound",
  location_not_found: "locations.errors.notOpen",
  tag_in_batch: "tags.errors.inBatch",
} as const;

// claimTag matches the business's owner in its own statement.
export const claimTagAction = action(
  {
    role: "owner",
    args: [claimTagSchema],
    invalid: [(error): ClaimActionResult => ({ ...invalidForm(error), code: "invalid" })],
  },
  async ({ args: [input], user }): Promise<ClaimActionResult> => {
    const result = await claimTag(user.id, input.businessId, input.tagId, input.locationId || null);
    if (!result.ok) return failure(CLAIM_REFUSALS[result.code], { code: result.code });
    return { ok: true, businessId: result.businessId };
  },
);
