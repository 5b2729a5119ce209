import "server-only";
import {
  redeemRewardRow,
  redeemRewardRowAtCounter,
  rewardBusinessOf,
  undoRedemptionRow,
  type CounterWorker,
  type RedeemResult,
  type RewardActor,
  type RewardRedeemed,
} from "@/lib/db/rewards";
import type { SqlExecutor } from "@/lib/db/sql";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletMembershipChanged } from "@/lib/jobs/events";
import { counterLocationFor } from "@/lib/staff/counter-location";
import { rewardRedeemedAnnounced } from "@/lib/webhooks/emit";

// Redeeming a reward and undoing it (docs/owner-tools.md): lib/db/rewards.ts
// writes the change, its history and its audit entry; the card's wallet
// passes are brought up to date by jobs queued in the same transaction, so a
// change that rolls back announces nothing. The queue starts before the
// transaction, never inside it (lib/jobs/enqueue.ts). Someone at the counter
// redeems at the counter's location (docs/locations.md, "The counter"): the one
// named, else the only one they may choose; the statement checks it.

const cardChanged = (tx: SqlExecutor, membershipId: string) => walletMembershipChanged(tx, membershipId);

/** A redemption: its card's wallet passes and its webhook (docs/webhooks.md). */
async function redeemed(tx: SqlExecutor, change: RewardRedeemed): Promise<void> {
  if (change.membershipId) await cardChanged(tx, change.membershipId);
  await rewardRedeemedAnnounced(tx, { id: change.rewardId, businessId: change.businessId }, change.at);
}

const CHOOSE_LOCATION: RedeemResult = { ok: false, status: 409, code: "choose_location" };

/**
 * A reward confirmed at the counter by its id or typed code (lib/db/rewards.ts,
 * redeemRewardRow), by someone who works there or by the business's API key
 * (at the location it names, or none).
 */
export async function redeemReward(
  actor: RewardActor,
  target: { rewardId?: string; code?: string; locationId?: string | null },
  now = new Date(),
): Promise<RedeemResult> {
  let locationId = target.locationId ?? null;
  if (typeof actor === "string" && !locationId) {
    const businessId = await rewardBusinessOf(actor, target);
    if (businessId) {
      const at = await counterLocationFor(actor, businessId, null);
      if (!at.ok) return CHOOSE_LOCATION;
      locationId = at.locationId;
    }
  }
  await jobQueueReady();
  return redeemRewardRow(actor, { ...target, locationId }, redeemed, now);
}

/** A redemption undone within the undo window (lib/db/rewards.ts, undoRedemptionRow). */
export async function undoRedemption(actor: RewardActor, rewardId: string, now = new Date()): Promise<boolean> {
  await jobQueueReady();
  return undoRedemptionRow(actor, rewardId, cardChanged, now);
}

/** One tap at the counter, from a customer's card (lib/db/rewards.ts, redeemRewardRowAtCounter). */
export async function redeemRewardAtCounter(
  worker: CounterWorker,
  target: { businessId: string; customerId: string; rewardId: string; locationId?: string | null },
  now = new Date(),
): Promise<RedeemResult> {
  const at = await counterLocationFor(worker.id, target.businessId, target.locationId);
  if (!at.ok) return CHOOSE_LOCATION;
  await jobQueueReady();
  return redeemRewardRowAtCounter(worker, { ...target, locationId: at.locationId }, redeemed, now);
}
