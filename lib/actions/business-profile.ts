"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { updateBusinessProfile } from "@/lib/business/update-profile";
import { businessIdSchema, businessProfileUpdateSchema } from "@/lib/validation/business-profile";

export type UpdateBusinessProfileResult = ActionResult<{ slug: string }>;

// Someone else's business answers exactly like a missing one.
const NOT_FOUND = failure("dashboard.business.notFound");

export const updateBusinessProfileAction = action(
  {
    role: "owner",
    args: [businessIdSchema, businessProfileUpdateSchema],
    invalid: [NOT_FOUND],
    business: { of: ([businessId]) => businessId, notFound: NOT_FOUND },
  },
  async ({ args: [, input], user, business }): Promise<UpdateBusinessProfileResult> => {
    const saved = await updateBusinessProfile(user.id, business!.id, input);
    if (!saved) return NOT_FOUND;
    return { ok: true, slug: saved.slug };
  },
);
