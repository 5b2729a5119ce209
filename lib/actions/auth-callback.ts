"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { registrationFailureKey } from "@/lib/auth/failure-messages";
import { registerBusinessForUser } from "@/lib/auth/register-account";
import { businessRegistrationSchema } from "@/lib/validation/registration";

export type CompleteRegistrationResult = ActionResult;

/** Finishes a business registration begun before a Google sign-up, for the now signed-in user. */
export const completePendingRegistrationAction = action(
  {
    role: "user",
    args: [businessRegistrationSchema],
    refused: failure("auth.callback.signInAgain"),
  },
  async ({ args: [pending], user }): Promise<CompleteRegistrationResult> => {
    const result = await registerBusinessForUser(user.id, pending);
    if (!result.ok) return failure(registrationFailureKey(result));
    return { ok: true };
  },
);
