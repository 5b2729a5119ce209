import "server-only";
import { ownerSummaryKey } from "@/lib/business/owner-summary";
import { enqueue, type SqlExecutor } from "@/lib/jobs/enqueue";

// What the loyalty engine tells the rest of the product, as jobs queued in
// the transaction that made the change (docs/jobs.md): nothing is sent for a
// change that rolled back, and nothing slows the tap beyond one INSERT.

/**
 * A reward was issued (a tap, an owner's adjustment, a referral): the
 * customer is told by mail and by web push. Each job decides when it runs
 * whether its channel applies (the customer's settings, their subscriptions).
 */
export async function rewardIssued(
  tx: SqlExecutor,
  reward: { id: string; userId: string; businessId: string },
): Promise<void> {
  const data = { rewardId: reward.id, userId: reward.userId, businessId: reward.businessId };
  await enqueue(
    [
      { name: "mail.reward-earned", data, key: `reward-earned:${reward.id}` },
      { name: "push.reward-earned", data, key: `reward-earned:${reward.id}` },
    ],
    tx,
  );
}

/**
 * Rewards expire within three days (the reward-expiry sweep): each customer
 * is reminded by mail and by web push, once per reward.
 */
export async function rewardsExpiring(
  tx: SqlExecutor,
  rewards: readonly { id: string; userId: string; businessId: string }[],
): Promise<void> {
  await enqueue(
    rewards.flatMap((reward) => {
      const data = { rewardId: reward.id, userId: reward.userId, businessId: reward.businessId };
      return [
        { name: "mail.reward-expiring" as const, data, key: `reward-expiring:${reward.id}` },
        { name: "push.reward-expiring" as const, data, key: `reward-expiring:${reward.id}` },
      ];
    }),
    tx,
  );
}

/** Owners' summaries are due (the owner-summary sweep): one mail per business and period. */
export async function ownerSummariesDue(
  tx: SqlExecutor,
  summaries: readonly { businessId: string; period: "DAILY" | "WEEKLY"; fromDay: string; from: Date; to: Date }[],
): Promise<void> {
  await enqueue(
    summaries.map((summary) => ({
      name: "mail.owner-summary" as const,
      data: {
        businessId: summary.businessId,
        period: summary.period,
        from: summary.from.toISOString(),
        to: summary.to.toISOString(),
      },
      key: ownerSummaryKey(summary.businessId, summary),
    })),
    tx,
  );
}
