import "server-only";
import { ownerSummaryKey } from "@/lib/business/owner-summary";
import type { BusinessDeleting } from "@/lib/db/business-deletion";
import type { CardChange } from "@/lib/db/visit-types";
import { getBoss } from "@/lib/jobs/boss";
import { enqueue, type SqlExecutor } from "@/lib/jobs/enqueue";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { rewardEarnedAnnounced, visitAnnounced } from "@/lib/webhooks/emit";

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
 * adjustment): its wallet passes are brought up to date, each channel only
 * when it is configured and the customer added this card to it. Each keeps
 * a version that counts the changes; the job carries that number, so each
 * change queues one update and an older one can tell a newer one is on its
 * way. A membership in neither wallet costs one UPDATE per configured
 * channel and queues nothing; a channel that is off costs nothing.
 */
export async function walletMembershipChanged(tx: SqlExecutor, membershipId: string): Promise<void> {
  if (googleWalletConfig()) await googleWalletChanged(tx, membershipId);
  if (appleWalletConfig()) await appleWalletChanged(tx, membershipId);
}

async function googleWalletChanged(tx: SqlExecutor, membershipId: string): Promise<void> {
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

/**
 * The new updatedAt of a pass that changes: now, but always past the whole
 * second the previous change was in. Last-Modified is that second rounded
 * up (lib/wallet/apple/web-service.ts), so a device holding the previous
 * version never gets 304 for this one, however close the two changes were.
 */
export const APPLE_PASS_TOUCHED = `GREATEST(clock_timestamp() AT TIME ZONE 'UTC', date_trunc('second', "updatedAt") + interval '1.001 second')`;

// jobIdFor (lib/jobs/enqueue.ts) in SQL: the id of "wallet.apple-update" under the key
// "apple-update:<passId>:<version>", so the job is the same one enqueue() would make.
const APPLE_UPDATE_JOB_ID = `(
  SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-5' || substr(h, 14, 3) || '-'
    || to_hex((('x' || substr(h, 17, 1))::bit(4)::int & 3) | 8) || substr(h, 18, 3) || '-' || substr(h, 21, 12)
  FROM (SELECT encode(sha256(convert_to('wallet.apple-update', 'UTF8') || '\\x00'::bytea
    || convert_to('apple-update:' || b."id" || ':' || b."version", 'UTF8')), 'hex') AS h) AS digest
)`;

// The pass's bump and its update job in one statement: pg-boss's own insert
// (its queue's policy, its defaults), fed by a CTE that bumps the pass and
// keeps it only when a device is registered for it. $1 becomes the membership.
const APPLE_CHANGE_PREFIX = `WITH bumped AS (
    UPDATE "ApplePass" SET "version" = "version" + 1, "updatedAt" = ${APPLE_PASS_TOUCHED}
    WHERE "membershipId" = $1::text AND "voidedAt" IS NULL
    RETURNING "id", "version"
  ), apple_jobs AS (
    SELECT COALESCE(json_agg(json_build_object(
      'id', ${APPLE_UPDATE_JOB_ID},
      'data', json_build_object('passId', b."id", 'version', b."version")
    )), '[]'::json) AS jobs
    FROM bumped b
    WHERE EXISTS (SELECT 1 FROM "AppleDeviceRegistration" r WHERE r."passId" = b."id")
  )`;

/** The queue's jobs as pg-boss's insert reads them: its one parameter, a JSON array. */
const INSERT_RECORDSET = "json_to_recordset($1::text::json)";

/** pg-boss's insert statement turned into the bump-and-queue statement (checked, so an upgrade of pg-boss that changes it fails loudly). */
export function appleChangeStatement(insertJobs: string): string {
  if (
    !/^\s*INSERT INTO /.test(insertJobs) ||
    insertJobs.split(INSERT_RECORDSET).length !== 2 ||
    /\$2\b/.test(insertJobs)
  )
    throw new Error("pg-boss's insert statement is not the one walletMembershipChanged builds on (pg-boss upgraded?)");
  return `${APPLE_CHANGE_PREFIX}\n${insertJobs.replace(INSERT_RECORDSET, "json_to_recordset((SELECT jobs FROM apple_jobs))")}`;
}

/**
 * Apple Wallet: the membership's pass (if its customer downloaded one) gets
 * a new version and updatedAt, and when a device is registered for it,
 * `wallet.apple-update` { passId, version } is queued under the key
 * `apple-update:<passId>:<version>`: one statement either way.
 */
async function appleWalletChanged(tx: SqlExecutor, membershipId: string): Promise<void> {
  const boss = await getBoss();
  await boss.insert("wallet.apple-update", [], {
    db: {
      executeSql: async (text) => ({ rows: await tx.query(appleChangeStatement(text), [membershipId]) }),
    },
  });
}

/** How many objects (Google) or passes (Apple) one void job handles. */
export const VOID_BATCH = 100;

/**
 * An account or a business is being deleted, in this transaction (or one
 * membership: a guest's card merged into its account's card): its
 * memberships' wallet passes are voided. Google Wallet: the objects are to
 * be made inactive; their rows go with the memberships, so the object ids
 * travel in the jobs themselves. Apple Wallet: the passes are marked voided
 * here (their rows outlive the memberships, so a device that asks still gets
 * the voided pass), and the devices that hold them are told.
 */
export async function walletPassesVoided(
  tx: SqlExecutor,
  owner: { userId: string } | { businessId: string } | { membershipId: string },
): Promise<void> {
  const [column, ownerId] =
    "userId" in owner
      ? [`m."userId"`, owner.userId]
      : "businessId" in owner
        ? [`m."businessId"`, owner.businessId]
        : [`m."id"`, owner.membershipId];
  if (googleWalletConfig()) {
    const rows = await tx.query<{ objectId: string }>(
      `SELECT o."objectId" FROM "GoogleWalletObject" o JOIN "Membership" m ON m."id" = o."membershipId"
       WHERE ${column} = $1::text ORDER BY o."objectId"`,
      [ownerId],
    );
    await enqueue(
      batches(rows.map((row) => row.objectId)).map((objectIds) => ({
        name: "wallet.google-void" as const,
        data: { objectIds },
      })),
      tx,
    );
  }
  // Marked even with Apple Wallet off: a voided pass is what the cleanup removes after 30 days.
  const voided = await tx.query<{ id: string; registered: boolean }>(
    `UPDATE "ApplePass" p SET "voidedAt" = clock_timestamp() AT TIME ZONE 'UTC', "version" = p."version" + 1,
       "updatedAt" = ${APPLE_PASS_TOUCHED.replaceAll('"updatedAt"', 'p."updatedAt"')}
     FROM "Membership" m
     WHERE m."id" = p."membershipId" AND ${column} = $1::text AND p."voidedAt" IS NULL
     RETURNING p."id", EXISTS (SELECT 1 FROM "AppleDeviceRegistration" r WHERE r."passId" = p."id") AS "registered"`,
    [ownerId],
  );
  if (!appleWalletConfig()) return;
  const passIds = voided
    .filter((row) => row.registered)
    .map((row) => row.id)
    .sort();
  await enqueue(
    batches(passIds).map((ids) => ({ name: "wallet.apple-void" as const, data: { passIds: ids } })),
    tx,
  );
}

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += VOID_BATCH) out.push(items.slice(start, start + VOID_BATCH));
  return out;
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

/**
 * What each change to customers' cards announces, in the transaction that
 * made it (a visit, an owner's adjustment, a guest's merge): a reward issued
 * tells its customer, a changed card updates its wallet passes, a card about
 * to be deleted voids them.
 */
export async function announceCardChange(tx: SqlExecutor, change: CardChange): Promise<void> {
  if (change.kind === "visit-recorded") return visitAnnounced(tx, change.visit);
  if (change.kind === "reward-issued") {
    if (!change.inVisit) await rewardEarnedAnnounced(tx, change.reward);
    return rewardIssued(tx, change.reward);
  }
  if (change.kind === "card-changed") return walletMembershipChanged(tx, change.membershipId);
  return walletPassesVoided(tx, { membershipId: change.membershipId });
}

/**
 * A business is being deleted, in this transaction (docs/business-lifecycle.md,
 * "Deleting a business"): each of its customers with an email address is told
 * by a mail of its own (one job per recipient, under a key per business and
 * customer; the mail is sent at most once per key, lib/db/notification-delivery.ts),
 * and every card's wallet passes are voided while the cards still exist.
 */
export async function businessDeleting(tx: SqlExecutor, deleting: BusinessDeleting): Promise<void> {
  await enqueue(
    deleting.recipients.map((recipient) => ({
      name: "mail.business-deleted" as const,
      data: {
        businessId: deleting.businessId,
        businessName: deleting.businessName,
        color: deleting.color,
        userId: recipient.userId,
        readyRewards: recipient.readyRewards,
      },
      key: businessDeletedKey(deleting.businessId, recipient.userId),
    })),
    tx,
  );
  await walletPassesVoided(tx, { businessId: deleting.businessId });
}

/** The event of one customer's business-deleted mail: its job's key, and its delivery's ("mail:" + it). */
export function businessDeletedKey(businessId: string, userId: string): string {
  return `business-deleted:${businessId}:${userId}`;
}

/**
 * Tag health alerts opened by the periodic check (docs/tag-health.md): the
 * owner is told once per episode, by mail and by web push. Each job decides
 * when it runs whether its channel applies (the owner's settings, their
 * subscriptions).
 */
export async function tagAlertsOpened(tx: SqlExecutor, alertIds: readonly string[]): Promise<void> {
  await enqueue(
    alertIds.flatMap((alertId) => [
      { name: "mail.tag-alert" as const, data: { alertId }, key: `tag-alert:${alertId}` },
      { name: "push.tag-alert" as const, data: { alertId }, key: `tag-alert:${alertId}` },
    ]),
    tx,
  );
}
