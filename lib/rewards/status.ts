// Reward status as people see it: a stored AVAILABLE reward past its expiry is
// expired, even before anything rewrites the row.
export type RewardStatusName = "AVAILABLE" | "REDEEMED" | "EXPIRED";
export const UNDO_WINDOW_MS = 10 * 60 * 1000;

export function effectiveRewardStatus(
  reward: { status: RewardStatusName; expiresAt: Date | null },
  now: Date,
): RewardStatusName {
  if (reward.status === "AVAILABLE" && reward.expiresAt && reward.expiresAt.getTime() <= now.getTime())
    return "EXPIRED";
  return reward.status;
}

/** A redemption can be undone by the business for 10 minutes (a mis-scan at the counter). */
export function canUndoRedemption(reward: { status: RewardStatusName; redeemedAt: Date | null }, now: Date): boolean {
  return (
    reward.status === "REDEEMED" &&
    reward.redeemedAt !== null &&
    now.getTime() - reward.redeemedAt.getTime() < UNDO_WINDOW_MS
  );
}
