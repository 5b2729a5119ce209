"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { redeemReward, undoRedemption } from "@/lib/db/rewards";
import { redeemCodeSchema, rewardIdSchema } from "@/lib/validation/rewards";

export type RedeemActionResult = { ok: true; rewardId: string; name: string; customerName: string | null } | { ok: false; error: string };

/** The owner confirms a reward shown at the counter (scanned QR → this page's button). */
export async function redeemRewardAction(rewardId: unknown): Promise<RedeemActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const id = rewardIdSchema.safeParse(rewardId);
  if (!id.success) return { ok: false, error: "Reward not found" };
  const result = await redeemReward(user.id, { rewardId: id.data });
  return result.ok ? { ok: true, rewardId: result.rewardId, name: result.name, customerName: result.customerName } : { ok: false, error: result.message };
}

/** The owner types the code the customer shows. */
export async function redeemByCodeAction(input: unknown): Promise<RedeemActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = redeemCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid code" };
  const result = await redeemReward(user.id, { code: parsed.data.code });
  return result.ok ? { ok: true, rewardId: result.rewardId, name: result.name, customerName: result.customerName } : { ok: false, error: result.message };
}

export async function undoRedemptionAction(rewardId: unknown): Promise<{ ok: true } | { ok: false; error: string }> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const id = rewardIdSchema.safeParse(rewardId);
  if (!id.success || !(await undoRedemption(user.id, id.data))) {
    return { ok: false, error: "This redemption can no longer be undone (10 minutes have passed)." };
  }
  return { ok: true };
}
