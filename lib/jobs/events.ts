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

/**
 * A new account (any sign-up path: the forms, the API, the wizard, a first
 * Google sign-in): its welcome mail, queued in the transaction that creates
 * it. `startAfter` holds it back a little where the sign-up may go on to
 * create a business (Google's wizard), so the mail can welcome an owner.
 */
export async function accountCreated(tx: SqlExecutor, userId: string, startAfter?: Date): Promise<void> {
  await enqueue(
    [{ name: "mail.welcome", data: { userId }, key: `welcome:${userId}`, ...(startAfter ? { startAfter } : {}) }],
    tx,
  );
}
