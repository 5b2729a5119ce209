"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { redeemReward, undoRedemption, type RedeemResult } from "@/lib/db/rewards";
import { redeemCodeSchema, rewardIdSchema } from "@/lib/validation/rewards";

export type RedeemActionResult = ActionResult<{ rewardId: string; name: string; customerName: string | null }>;

// redeemReward and undoRedemption match the reward's business owner in their own statement.
function redeemed(result: RedeemResult): RedeemActionResult {
  return result.ok
    ? { ok: true, rewardId: result.rewardId, name: result.name, customerName: result.customerName }
    : failure(result.message);
}

/** The owner confirms a reward shown at the counter (scanned QR → this page's button). */
export const redeemRewardAction = action(
  { role: "owner", args: [rewardIdSchema], invalid: [failure("Reward not found")] },
  async ({ args: [rewardId], user }) => redeemed(await redeemReward(user.id, { rewardId })),
);

/** The owner types the code the customer shows. */
export const redeemByCodeAction = action(
  { role: "owner", args: [redeemCodeSchema] },
  async ({ args: [{ code }], user }) => redeemed(await redeemReward(user.id, { code })),
);

const TOO_LATE = failure("This redemption can no longer be undone (10 minutes have passed).");

export const undoRedemptionAction = action(
  { role: "owner", args: [rewardIdSchema], invalid: [TOO_LATE] },
  async ({ args: [rewardId], user }): Promise<ActionResult> =>
    (await undoRedemption(user.id, rewardId)) ? { ok: true } : TOO_LATE,
);
