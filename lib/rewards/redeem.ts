import "server-only";
import {
  redeemRewardRow,
  redeemRewardRowAtCounter,
  undoRedemptionRow,
  type CounterWorker,
  type RedeemResult,
  type RewardActor,
  type RewardRedeemed,
} from "@/lib/db/rewards";
import type { SqlExecutor } from "@/lib/db/sql";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletMembershipChanged } from "@/lib/jobs/events";
import { rewardRedeemedAnnounced } from "@/lib/webhooks/emit";

// Redeeming a reward and undoing it (docs/owner-tools.md): lib/db/rewards.ts
// writes the change, its history and its audit entry; the card's wallet
// passes are brought up to date by jobs queued in the same transaction, so a
// change that rolls back announces nothing. The queue starts before the
// transaction, never inside it (lib/jobs/enqueue.ts).

const cardChanged = (tx: SqlExecutor, membershipId: string) => walletMembershipChanged(tx, membershipId);

/** A redemption: its card's wallet passes and its webhook (docs/webhooks.md). */
async function redeemed(tx: SqlExecutor, change: RewardRedeemed): Promise<void> {
  if (change.membershipId) await cardChanged(tx, change.membershipId);
  await rewardRedeemedAnnounced(tx, { id: change.rewardId, businessId: change.businessId }, change.at);
}

/**
 * A reward confirmed at the counter by its id or typed code (lib/db/rewards.ts,
 * redeemRewardRow), by someone who works there or by the business's API key.
 */
export async function redeemReward(
  actor: RewardActor,
  target: { rewardId?: string; code?: string },
  now = new Date(),
): Promise<RedeemResult> {
  await jobQueueReady();
  return redeemRewardRow(actor, target, redeemed, now);
}

/** A redemption undone within the undo window (lib/db/rewards.ts, undoRedemptionRow). */
export async function undoRedemption(actor: RewardActor, rewardId: string, now = new Date()): Promise<boolean> {
  await jobQueueReady();
  return undoRedemptionRow(actor, rewardId, cardChanged, now);
}

/** One tap at the counter, from a customer's card (lib/db/rewards.ts, redeemRewardRowAtCounter). */
export async function redeemRewardAtCounter(
  worker: CounterWorker,
  target: { businessId: string; customerId: string; rewardId: string },
  now = new Date(),
): Promise<RedeemResult> {
  await jobQueueReady();
  return redeemRewardRowAtCounter(worker, target, redeemed, now);
}
