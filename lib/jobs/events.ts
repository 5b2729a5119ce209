import "server-only";
import { ownerSummaryKey } from "@/lib/business/owner-summary";
import { enqueue, type SqlExecutor } from "@/lib/jobs/enqueue";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { googleWalletConfig } from "@/lib/wallet/google/config";

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
 * A membership's card changed (a tap, a redemption or its undo, an owner's
 * adjustment): its wallet passes are brought up to date. Google Wallet: only
 * when it is configured and the customer added this card to it (a
 * GoogleWalletObject row, whose version counts the changes); the job carries
 * that number, so each change queues one update and an older one can tell a
 * newer one is on its way.
 */
export async function walletMembershipChanged(tx: SqlExecutor, membershipId: string): Promise<void> {
  if (!googleWalletConfig()) return;
  const [saved] = await tx.query<{ version: number }>(
    `UPDATE "GoogleWalletObject" SET "version" = "version" + 1 WHERE "membershipId" = $1::text RETURNING "version"`,
    [membershipId],
  );
  if (!saved) return;
  await enqueue(
    [
      {
        name: "wallet.google-update",
        data: { membershipId, version: saved.version },
        key: `google-update:${membershipId}:${saved.version}`,
      },
    ],
    tx,
  );
}

/** How many objects one void job makes inactive. */
export const VOID_BATCH = 100;

/**
 * An account or a business is being deleted, in this transaction: its
 * memberships' Google Wallet objects are to be made inactive. Their rows go
 * with the memberships, so the object ids travel in the jobs themselves.
 */
export async function walletPassesVoided(
  tx: SqlExecutor,
  owner: { userId: string } | { businessId: string },
): Promise<void> {
  if (!googleWalletConfig()) return;
  const column = "userId" in owner ? `m."userId"` : `m."businessId"`;
  const rows = await tx.query<{ objectId: string }>(
    `SELECT o."objectId" FROM "GoogleWalletObject" o JOIN "Membership" m ON m."id" = o."membershipId"
     WHERE ${column} = $1::text ORDER BY o."objectId"`,
    ["userId" in owner ? owner.userId : owner.businessId],
  );
  const jobs = [];
  for (let start = 0; start < rows.length; start += VOID_BATCH)
    jobs.push({
      name: "wallet.google-void" as const,
      data: { objectIds: rows.slice(start, start + VOID_BATCH).map((row) => row.objectId) },
    });
  await enqueue(jobs, tx);
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

/** Edits of one business within this many milliseconds share one wallet refresh. */
export const BUSINESS_CHANGE_WINDOW_MS = 30_000;

/**
 * What every card of a business shows changed: its name, logo or colours, or
 * its programs (the main one and its rules). When a wallet is configured, one
 * `wallet.business-changed` job brings its class and every card in a wallet up
 * to date. Edits within the same 30-second window share one job, which runs
 * once the window has closed and reads the business as it is then. Given the
 * caller's transaction it is queued there; otherwise at once.
 */
export async function walletBusinessChanged(businessId: string, tx?: SqlExecutor, now = new Date()): Promise<void> {
  if (!googleWalletConfig() && !appleWalletConfig()) return;
  const window = Math.floor(now.getTime() / BUSINESS_CHANGE_WINDOW_MS);
  await enqueue(
    [
      {
        name: "wallet.business-changed",
        data: { businessId },
        key: `business-changed:${businessId}:${window}`,
        startAfter: new Date((window + 1) * BUSINESS_CHANGE_WINDOW_MS),
      },
    ],
    tx,
  );
}
