"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { setMailSubscription } from "@/lib/db/notification-mail";
import { readToken } from "@/lib/notifications/unsubscribe";
import { UNSUBSCRIBE_INVALID_MESSAGE, unsubscribeTokenSchema } from "@/lib/validation/unsubscribe";

export type UnsubscribeResult = ActionResult<{ stopped: boolean }, "invalid" | "gone">;

// The unsubscribe page's buttons (docs/notifications.md). No log-in: the
// signed token of the mail's link is the whole authorisation, and it only
// ever stops or restarts the mails of the account and business it names.
async function apply(token: string, resume: boolean): Promise<UnsubscribeResult> {
  const scope = readToken(token);
  if (!scope) return failure(UNSUBSCRIBE_INVALID_MESSAGE, { code: "invalid" });
  const result = await setMailSubscription(scope.userId, scope.businessId, resume);
  if (!result) return failure("unsubscribe.gone", { code: "gone" });
  return { ok: true, stopped: result.stopped };
}

/** "Stop these mails": one click on the page the mail links to. */
export const unsubscribeAction = action(
  {
    role: "public",
    args: [unsubscribeTokenSchema],
    invalid: [failure(UNSUBSCRIBE_INVALID_MESSAGE, { code: "invalid" })],
  },
  async ({ args: [token] }): Promise<UnsubscribeResult> => apply(token, false),
);

/** "I changed my mind": the same link's mails back on. */
export const resubscribeAction = action(
  {
    role: "public",
    args: [unsubscribeTokenSchema],
    invalid: [failure(UNSUBSCRIBE_INVALID_MESSAGE, { code: "invalid" })],
  },
  async ({ args: [token] }): Promise<UnsubscribeResult> => apply(token, true),
);
