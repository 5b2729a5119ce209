"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { setUserDisabled } from "@/lib/users/set-disabled";
import { ADMIN_INVALID_REQUEST_MESSAGE, setUserDisabledSchema } from "@/lib/validation/admin";

export type SetDisabledActionResult = ActionResult<{ disabled: boolean }>;

export const setUserDisabledAction = action(
  { role: "admin", args: [setUserDisabledSchema], invalid: [failure(ADMIN_INVALID_REQUEST_MESSAGE)] },
  async ({ args: [input], user }): Promise<SetDisabledActionResult> => {
    const result = await setUserDisabled(user.id, input.userId, input.disabled);
    if (!result.ok) return result;
    return { ok: true, disabled: result.disabledAt !== null };
  },
);
