import "server-only";
import { dueOwnerSummary, type DueOwnerSummary, type OwnerSummaryPeriod } from "@/lib/business/owner-summary";
import { normaliseTimezone } from "@/lib/business/timezone";
import { inTransaction, queryRows, type InTransaction } from "@/lib/db/sql";
import { EXPIRY_REMINDER_HORIZON_MS, isExpiryReminderDue } from "@/lib/rewards/expiry-reminder";

// The scheduled sweeps (docs/jobs.md, "Sweeps"). Each reads a bounded batch
// at a time in index order (keyset, never OFFSET), decides what is due with
// the pure rules on each business's clock, then marks with a conditional
// UPDATE and hands what it marked to the caller's step in the same
// transaction (the domain queues the jobs there: lib/rewards/expiry-sweeps.ts,
// lib/business/owner-summary-sweep.ts): of two sweeps that see the same row
// due (the same slot run twice, an overlap), only the one whose UPDATE
// changes the row queues its jobs, and a rollback leaves neither mark nor job.

export const SWEEP_BATCH_SIZE = 500;

// The owner switched the "reward expiring" automation off (docs/campaigns.md,
// "Automations"): no reminder for that business's rewards. On when never saved.
const REMINDER_ON = `NOT EXISTS (SELECT 1 FROM "Automation" a WHERE a."businessId" = r."businessId"
  AND a."kind" = 'REWARD_EXPIRING'::"AutomationKind" AND NOT a."enabled")`;

// A business closed for the season (docs/business-lifecycle.md): its rewards'
// expiries stand still, so nothing of them is reminded or swept as expired
// until its pause is settled (its reopening moves the expiries on). A pause
// that ended by its date counts until the sweep settles it, which it does
// first (lib/business/pause-business.ts).
const NOT_PAUSED = `NOT EXISTS (SELECT 1 FROM "Business" p WHERE p."id" = r."businessId" AND p."pausedAt" IS NOT NULL)`;

type ExpiringRow = {
  id: string;
  userId: string;
  businessId: string;
  expiresAt: Date;
  issuedAt: Date;
  timezone: string;
};

export type MarkedReward = { id: string; userId: string; businessId: string };

/**
 * Marks the rewards whose expiry reminder is due at `now` (once each):
 * AVAILABLE rewards of a customer, not yet reminded, whose expiry is within
 * three days on their business's clock; `remind` gets each batch marked, in
 * its transaction. Returns the ids of the rewards marked.
 */
export async function markExpiryReminders(
  now: Date,
  remind: InTransaction<MarkedReward[]>,
  batchSize = SWEEP_BATCH_SIZE,
): Promise<string[]> {
  const horizon = new Date(now.getTime() + EXPIRY_REMINDER_HORIZON_MS);
  let after: { expiresAt: Date; id: string } = { expiresAt: now, id: "" };
  const reminded: string[] = [];
  for (;;) {
    // Index "Reward_status_expiryReminderAt_expiresAt_id_idx": the rewards
    // expiring within the horizon that are still to be reminded, in order.
    const rows = await queryRows<ExpiringRow>(
      `SELECT r."id", r."userId", r."businessId", r."expiresAt", r."issuedAt", b."timezone"
      FROM "Reward" r JOIN "Business" b ON b."id" = r."businessId"
      WHERE r."status" = 'AVAILABLE'::"RewardStatus" AND r."expiryReminderAt" IS NULL
        AND r."expiresAt" > $1::timestamp(3) AND r."expiresAt" <= $2::timestamp(3)
        AND (r."expiresAt", r."id") > ($3::timestamp(3), $4::text)
        AND r."userId" IS NOT NULL AND ${REMINDER_ON} AND ${NOT_PAUSED}
      ORDER BY r."expiresAt", r."id"
      LIMIT $5::int`,
      [now, horizon, after.expiresAt, after.id, batchSize],
    );
    const due = rows.filter((row) => isExpiryReminderDue(row, normaliseTimezone(row.timezone), now));
    if (due.length) {
      const marked = await inTransaction(async (tx) => {
        const marked = await tx.query<MarkedReward>(
          `UPDATE "Reward" r SET "expiryReminderAt" = $2::timestamp(3)
          WHERE r."id" = ANY($1::text[]) AND r."expiryReminderAt" IS NULL AND r."status" = 'AVAILABLE'::"RewardStatus"
            AND ${REMINDER_ON} AND ${NOT_PAUSED}
          RETURNING r."id", r."userId", r."businessId"`,
          [due.map((row) => row.id), now],
        );
        await remind(tx, marked);
        return marked;
      });
      reminded.push(...marked.map((row) => row.id));
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return reminded;
    after = { expiresAt: last.expiresAt, id: last.id };
  }
}

/**
 * Marks the rewards that expired by `now` and the sweep has not seen yet
 * (AVAILABLE, past their expiry); `inWallet` gets, in the batch's
 * transaction, each membership among them that has a card in a wallet (once
 * per batch). Returns the ids of those memberships.
 */
export async function markExpiredRewards(
  now: Date,
  inWallet: InTransaction<string>,
  batchSize = SWEEP_BATCH_SIZE,
): Promise<string[]> {
  const updated: string[] = [];
  for (;;) {
    // Index "Reward_status_expirySweptAt_expiresAt_id_idx". Marking in the same
    // statement that picks: a row marked by a concurrent sweep is skipped, so
    // each expiry is seen once.
    const memberships = await inTransaction(async (tx) => {
      const rows = await tx.query<{ membershipId: string | null; inWallet: boolean }>(
        `WITH due AS (
          SELECT r."id" FROM "Reward" r
          WHERE r."status" = 'AVAILABLE'::"RewardStatus" AND r."expirySweptAt" IS NULL
            AND r."expiresAt" <= $1::timestamp(3) AND ${NOT_PAUSED}
          ORDER BY r."expiresAt", r."id"
          LIMIT $2::int
          FOR UPDATE SKIP LOCKED
        )
        UPDATE "Reward" r SET "expirySweptAt" = $1::timestamp(3)
        FROM due WHERE r."id" = due."id"
        RETURNING r."membershipId",
          r."membershipId" IS NOT NULL AND (
            EXISTS (SELECT 1 FROM "GoogleWalletObject" g WHERE g."membershipId" = r."membershipId")
            OR EXISTS (SELECT 1 FROM "ApplePass" a WHERE a."membershipId" = r."membershipId")
          ) AS "inWallet"`,
        [now, batchSize],
      );
      const changed = [...new Set(rows.filter((row) => row.inWallet).map((row) => row.membershipId!))];
      for (const membershipId of changed) await inWallet(tx, membershipId);
      return { swept: rows.length, inWallet: changed };
    });
    updated.push(...memberships.inWallet);
    if (memberships.swept < batchSize) return updated;
  }
}

export type QueuedOwnerSummary = DueOwnerSummary & { businessId: string };

// The column that remembers the last period queued, per kind (a constant, never input).
const QUEUED_FROM_COLUMN: Record<OwnerSummaryPeriod, string> = {
  DAILY: "ownerSummaryDailyFrom",
  WEEKLY: "ownerSummaryWeeklyFrom",
};

/**
 * Marks the owners' summaries due at `now` (one per business and period,
 * once): businesses whose owner chose a daily or weekly summary and whose
 * local time has passed that period's summary moment; `due` gets each batch
 * marked, in its transaction. Returns the summaries marked.
 */
export async function markOwnerSummaries(
  now: Date,
  due: InTransaction<QueuedOwnerSummary[]>,
  batchSize = SWEEP_BATCH_SIZE,
): Promise<QueuedOwnerSummary[]> {
  const queued: QueuedOwnerSummary[] = [];
  for (const period of ["DAILY", "WEEKLY"] as const) {
    const column = QUEUED_FROM_COLUMN[period];
    let after = "";
    for (;;) {
      // Index "Business_ownerSummary_id_idx".
      const rows = await queryRows<{ id: string; timezone: string }>(
        `SELECT "id", "timezone" FROM "Business"
        WHERE "ownerSummary" = $1::"OwnerSummary" AND "id" > $2::text
        ORDER BY "id" LIMIT $3::int`,
        [period, after, batchSize],
      );
      const dueNow = rows.flatMap((row) => {
        const summary = dueOwnerSummary(period, normaliseTimezone(row.timezone), now);
        return summary ? [{ ...summary, businessId: row.id }] : [];
      });
      if (dueNow.length) {
        const summaries = await inTransaction(async (tx) => {
          const updated = await tx.query<{ id: string }>(
            `UPDATE "Business" b SET "${column}" = d."fromDay"
            FROM unnest($1::text[], $2::date[]) AS d("id", "fromDay")
            WHERE b."id" = d."id" AND b."ownerSummary" = $3::"OwnerSummary"
              AND (b."${column}" IS NULL OR b."${column}" < d."fromDay")
            RETURNING b."id"`,
            [dueNow.map((summary) => summary.businessId), dueNow.map((summary) => summary.fromDay), period],
          );
          const markedIds = new Set(updated.map((row) => row.id));
          const marked = dueNow.filter((summary) => markedIds.has(summary.businessId));
          await due(tx, marked);
          return marked;
        });
        queued.push(...summaries);
      }
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) break;
      after = last.id;
    }
  }
  return queued;
}

/** How long a voided Apple Wallet pass is kept, so the devices that hold it can still fetch it. */
export const VOIDED_APPLE_PASS_KEPT_DAYS = 30;

/**
 * Deletes the Apple Wallet passes voided more than 30 days before `now`,
 * with their device registrations (ON DELETE CASCADE), in batches in the
 * order of the index "ApplePass_voidedAt_idx". By then every device that
 * held one has long fetched the voided pass; one that asks later gets 401,
 * as for any pass we do not know. Returns how many went.
 */
export async function sweepVoidedApplePasses(now: Date, batchSize = SWEEP_BATCH_SIZE): Promise<number> {
  const before = new Date(now.getTime() - VOIDED_APPLE_PASS_KEPT_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const count = await inTransaction((tx) =>
      tx.execute(
        `DELETE FROM "ApplePass" WHERE "id" IN (
          SELECT "id" FROM "ApplePass" WHERE "voidedAt" < $1::timestamp(3) ORDER BY "voidedAt" LIMIT $2::int
        )`,
        [before, batchSize],
      ),
    );
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
