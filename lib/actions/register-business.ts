"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { registrationFailureKey } from "@/lib/auth/failure-messages";
import { registerBusinessForUser } from "@/lib/auth/register-account";
import { businessRegistrationSchema } from "@/lib/validation/registration";

export type AddBusinessActionResult = ActionResult<{ businessId: string }>;

/** A signed-in user registers a business (and claims the tag they came from), in one transaction. */
export const addBusinessAction = action(
  { role: "user", args: [businessRegistrationSchema], account: true },
  async ({ args: [input], user }): Promise<AddBusinessActionResult> => {
    const result = await registerBusinessForUser(user.id, input);
    if (!result.ok) return failure(registrationFailureKey(result));
    return { ok: true, businessId: result.businessId };
  },
);
