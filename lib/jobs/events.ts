import "server-only";
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
