import "server-only";
import { recordExpiryReminders } from "@/lib/db/automations";
import { markExpiredRewards, markExpiryReminders } from "@/lib/db/sweeps";
import { rewardsExpiring, walletMembershipChanged } from "@/lib/jobs/events";

// The hourly reward sweeps (docs/jobs.md, "Sweeps"): lib/db/sweeps.ts marks
// what is due, and the jobs are queued here, in the transaction that marks.

/**
 * Queues the expiry reminders due at `now` (a mail and a web push per
 * reward, once). Returns the ids of the rewards it queued reminders for.
 */
export async function sweepRewardExpiry(now: Date, batchSize?: number): Promise<string[]> {
  // The reminder is also the "reward expiring" automation's message: each one
  // is recorded as its enrolment (docs/campaigns.md, "Automations").
  return markExpiryReminders(
    now,
    async (tx, marked) => {
      await rewardsExpiring(tx, marked);
      await recordExpiryReminders(
        tx,
        marked.map((reward) => reward.id),
        now,
      );
    },
    batchSize,
  );
}

/**
 * Brings wallet passes up to date for the rewards that expired by `now`: each
 * membership among them with a card in a wallet gets one wallet update (its
 * ready rewards count drops). Returns the ids of those memberships.
 */
export async function sweepExpiredRewards(now: Date, batchSize?: number): Promise<string[]> {
  return markExpiredRewards(now, (tx, membershipId) => walletMembershipChanged(tx, membershipId), batchSize);
}
