"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { messageKey } from "@/lib/i18n/message-key";
import { redeemReward, undoRedemption, type RedeemResult } from "@/lib/db/rewards";
import { redeemCodeSchema, rewardIdSchema } from "@/lib/validation/rewards";

export type RedeemActionResult = ActionResult<{ rewardId: string; name: string; customerName: string | null }>;

// The refusal's catalog key, from its code: lib/db/rewards answers the JSON API in English.
function refusal(result: Exclude<RedeemResult, { ok: true }>): string {
  if (result.code === "not_found") return "rewards.errors.notFound";
  if (result.code === "expired") return "rewards.errors.expired";
  const on = /\d{4}-\d{2}-\d{2}/.exec(result.message)?.[0];
  return on ? messageKey("rewards.errors.alreadyRedeemedOn", { date: on }) : "rewards.errors.alreadyRedeemed";
}

// redeemReward and undoRedemption match the reward's business owner in their own statement.
function redeemed(result: RedeemResult): RedeemActionResult {
  return result.ok
    ? { ok: true, rewardId: result.rewardId, name: result.name, customerName: result.customerName }
    : failure(refusal(result));
}

/** The owner confirms a reward shown at the counter (scanned QR → this page's button). */
export const redeemRewardAction = action(
  { role: "owner", args: [rewardIdSchema], invalid: [failure("rewards.errors.notFound")] },
  async ({ args: [rewardId], user }) => redeemed(await redeemReward(user.id, { rewardId })),
);

/** The owner types the code the customer shows. */
export const redeemByCodeAction = action(
  { role: "owner", args: [redeemCodeSchema] },
  async ({ args: [{ code }], user }) => redeemed(await redeemReward(user.id, { code })),
);

const TOO_LATE = failure("rewards.errors.tooLateToUndo");

export const undoRedemptionAction = action(
  { role: "owner", args: [rewardIdSchema], invalid: [TOO_LATE] },
  async ({ args: [rewardId], user }): Promise<ActionResult> =>
    (await undoRedemption(user.id, rewardId)) ? { ok: true } : TOO_LATE,
);
