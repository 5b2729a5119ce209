import "server-only";
import { appendAuditSql } from "@/lib/db/audit";
import { inTransaction, queryRows, type InTransaction, type SqlTx } from "@/lib/db/sql";
import { issueReward, type ProgramRow } from "@/lib/db/visits";
import type { CardChange, StoredProgress } from "@/lib/db/visit-types";

// The statements of merging a guest into the account it signed in to
// (docs/authentication.md, "Merging a guest into an account"). What a card
// becomes is decided by the caller's `combine` (lib/loyalty/merge.ts through
// lib/auth/merge-guest.ts); everything else here is moving rows, in ONE
// transaction that starts by locking the guest's row: a second merge of the
// same guest waits for the first and then finds it gone. Each reward issued,
// each card changed and each guest card about to be deleted goes to the
// caller's `announce` in that transaction.

/** A program as the merge reads it: the engine's part, whether it runs, and what its reward is. */
export type MergeProgram = ProgramRow & {
  type: string;
  name: string;
  rules: unknown;
  startDate: Date | null;
  endDate: Date | null;
  active: boolean;
};

export type CombineCards = (
  program: MergeProgram,
  account: StoredProgress | null,
  guest: StoredProgress | null,
  localDate: string,
) => {
  next: { count: number; total: number; tier: string | null; state: Record<string, unknown> };
  rewardsIssued: number;
};

export type MergeRefusal = "guest_not_found" | "account_not_found";

export type MergeRows =
  | { merged: true; businesses: number; rewardsIssued: number }
  | { merged: false; reason: MergeRefusal; businesses: 0; rewardsIssued: 0 };

type MembershipRow = {
  id: string;
  businessId: string;
  visitCount: number;
  firstVisitAt: Date | null;
  lastVisitAt: Date | null;
  linkedAt: Date;
  referredById: string | null;
  localDate: string;
  memberNumber: string;
};

type ProgressRow = StoredProgress & { membershipId: string; programId: string };

// The short member number the wallet cards show (accountIdFor, lib/wallet/google/objects.ts), in SQL.
const MEMBER_NUMBER = `upper(right(regexp_replace(m."id", '[^A-Za-z0-9]', '', 'g'), 12))`;

/** The guest row of a valid guest session: who it is and the session version it must carry. */
export async function findGuest(id: string): Promise<{ id: string; sessionVersion: number } | null> {
  const [row] = await queryRows<{ id: string; sessionVersion: number }>(
    `SELECT "id", "sessionVersion" FROM "User" WHERE "id" = $1::text AND "guest" AND "disabledAt" IS NULL`,
    [id],
  );
  return row ?? null;
}

const refused = (reason: MergeRefusal): MergeRows => ({ merged: false, reason, businesses: 0, rewardsIssued: 0 });

export async function mergeGuestRows(
  input: { guestId: string; accountId: string; now: Date },
  combine: CombineCards,
  announce: InTransaction<CardChange>,
): Promise<MergeRows> {
  const { guestId, accountId, now } = input;
  if (guestId === accountId) return refused("account_not_found");
  return inTransaction(async (tx) => {
    // Both rows locked: a concurrent merge of this guest waits here and then finds it deleted;
    // merges into one account take turns, so their reads of its cards are current. NO KEY UPDATE:
    // a visit in flight (its rows' foreign keys share-lock the user) does not deadlock with it.
    const users = await tx.query<{ id: string; guest: boolean; usable: boolean }>(
      `SELECT "id", "guest", ("disabledAt" IS NULL AND NOT "guest") AS "usable" FROM "User"
       WHERE "id" IN ($1::text, $2::text) ORDER BY "id" FOR NO KEY UPDATE`,
      [guestId, accountId],
    );
    const guest = users.find((u) => u.id === guestId);
    const account = users.find((u) => u.id === accountId);
    if (!guest?.guest) return refused("guest_not_found");
    if (!account?.usable) return refused("account_not_found");

    // The day's tap counters next, in the order a visit takes its locks (counter, then card), so a
    // visit of either in flight finishes first or waits, and never deadlocks with the merge.
    await tx.query(
      `SELECT 1 FROM "DailyTapCount" WHERE "userId" IN ($1::text, $2::text) AND "day" >= ($3::timestamptz - interval '2 days')::date
       ORDER BY "userId", "businessId", "day" FOR UPDATE`,
      [guestId, accountId, now],
    );
    const memberships = (id: string) =>
      tx.query<MembershipRow>(
        `SELECT m."id", m."businessId", m."visitCount", m."firstVisitAt", m."lastVisitAt", m."linkedAt", m."referredById",
                (($2::timestamptz AT TIME ZONE b."timezone")::date)::text AS "localDate", ${MEMBER_NUMBER} AS "memberNumber"
         FROM "Membership" m JOIN "Business" b ON b."id" = m."businessId"
         WHERE m."userId" = $1::text
         ORDER BY m."id" FOR UPDATE OF m`,
        [id, now],
      );
    const guestCards = await memberships(guestId);
    const accountCards = new Map((await memberships(accountId)).map((m) => [m.businessId, m]));

    let rewardsIssued = 0;
    for (const card of guestCards) {
      const mine = accountCards.get(card.businessId);
      const issued = mine ? await combineCards(tx, card, mine, { combine, announce }, accountId, now) : [];
      if (!mine) await reownCard(tx, card, accountId);
      rewardsIssued += issued.length;
      await announce(tx, { kind: "card-changed", membershipId: mine?.id ?? card.id });
      await appendAuditSql(
        tx,
        {
          businessId: card.businessId,
          action: "CUSTOMER_MERGED",
          actorId: null,
          customerId: accountId,
          details: {
            guestId,
            guestMemberNumber: card.memberNumber,
            visits: card.visitCount,
            combined: Boolean(mine),
            rewards: issued,
          },
        },
        now,
      );
    }
    await moveAccountRows(tx, guestId, accountId);
    await tx.execute(`DELETE FROM "User" WHERE "id" = $1::text`, [guestId]);
    return { merged: true, businesses: guestCards.length, rewardsIssued };
  });
}

/** No card at this business yet: the guest's card, with everything on it, becomes the account's. */
async function reownCard(tx: SqlTx, card: MembershipRow, accountId: string) {
  // (A card the account itself referred the guest to is no referral of the account's own.)
  await tx.execute(
    `UPDATE "Membership" SET "userId" = $2::text, "referredById" = NULLIF("referredById", $2::text) WHERE "id" = $1::text`,
    [card.id, accountId],
  );
  await tx.execute(`UPDATE "Reward" SET "userId" = $2::text WHERE "membershipId" = $1::text`, [card.id, accountId]);
  await tx.execute(`UPDATE "Tap" SET "userId" = $2::text WHERE "membershipId" = $1::text`, [card.id, accountId]);
}

/**
 * Both have a card at this business: the guest's progress is combined into
 * the account's card program by program, its rewards and visits move over,
 * the counters add up and the guest's card is deleted. Returns the codes of
 * the rewards the combination issued.
 */
async function combineCards(
  tx: SqlTx,
  card: MembershipRow,
  mine: MembershipRow,
  { combine, announce }: { combine: CombineCards; announce: InTransaction<CardChange> },
  accountId: string,
  now: Date,
): Promise<string[]> {
  const progress = await tx.query<ProgressRow>(
    `SELECT "membershipId", "programId", "count", "total", "tier", "state" FROM "Progress"
     WHERE "membershipId" IN ($1::text, $2::text) ORDER BY "id" FOR UPDATE`,
    [card.id, mine.id],
  );
  const programIds = [...new Set(progress.filter((p) => p.membershipId === card.id).map((p) => p.programId))];
  const programs = programIds.length
    ? await tx.query<MergeProgram>(
        `SELECT "id", "businessId", "type", "name", "rules", "startDate", "endDate", "rewardName", "rewardDescription",
                "rewardExpiryDays", ("active" AND "endedAt" IS NULL) AS "active"
         FROM "Program" WHERE "id" = ANY($1::text[]) ORDER BY "createdAt", "id"`,
        [programIds],
      )
    : [];
  const codes: string[] = [];
  for (const program of programs) {
    const of = (membershipId: string) =>
      progress.find((p) => p.membershipId === membershipId && p.programId === program.id) ?? null;
    const { next, rewardsIssued } = combine(program, of(mine.id), of(card.id), card.localDate);
    await tx.execute(
      `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "state", "updatedAt")
       VALUES (gen_random_uuid()::text, $1::text, $2::text, $3::int, $4::int, $5::text, $6::jsonb, now())
       ON CONFLICT ("membershipId", "programId") DO UPDATE
         SET "count" = EXCLUDED."count", "total" = EXCLUDED."total", "tier" = EXCLUDED."tier",
             "state" = EXCLUDED."state", "updatedAt" = EXCLUDED."updatedAt"`,
      [mine.id, program.id, next.count, next.total, next.tier, JSON.stringify(next.state)],
    );
    for (let i = 0; i < rewardsIssued; i++) {
      const to = { userId: accountId, membershipId: mine.id, tapId: null, now };
      const reward = await issueReward(tx, program, to, announce);
      codes.push(reward.code);
    }
  }
  // The guest's rewards and visits are the account's now (the "Reward" trigger moves the card's counters).
  await tx.execute(
    `UPDATE "Reward" SET "userId" = $3::text, "membershipId" = $2::text WHERE "membershipId" = $1::text`,
    [card.id, mine.id, accountId],
  );
  await tx.execute(`UPDATE "Tap" SET "userId" = $3::text, "membershipId" = $2::text WHERE "membershipId" = $1::text`, [
    card.id,
    mine.id,
    accountId,
  ]);
  await tx.execute(
    `UPDATE "Membership" SET "visitCount" = "visitCount" + $2::int,
       "firstVisitAt" = LEAST("firstVisitAt", $3::timestamp(3)), "lastVisitAt" = GREATEST("lastVisitAt", $4::timestamp(3)),
       "linkedAt" = LEAST("linkedAt", $5::timestamp(3)), "referredById" = COALESCE("referredById", NULLIF($6::text, "userId"))
     WHERE "id" = $1::text`,
    [mine.id, card.visitCount, card.firstVisitAt, card.lastVisitAt, card.linkedAt, card.referredById],
  );
  // An Apple pass the account has not made yet: the guest's goes over (its serial number is its
  // own), so the phone that holds it keeps updating. A Google object is named after its
  // membership, so the guest's cannot follow: it is voided below with any pass left behind.
  await tx.execute(
    `UPDATE "ApplePass" SET "membershipId" = $2::text
     WHERE "membershipId" = $1::text AND NOT EXISTS (SELECT 1 FROM "ApplePass" WHERE "membershipId" = $2::text)`,
    [card.id, mine.id],
  );
  // One customer now, not two: the guest's first visit stops counting as a new customer of its day
  // (the insights rollups; the account card's own first visit moves by its trigger if it got earlier).
  if (card.firstVisitAt) {
    await tx.execute(
      `SELECT "insights_bump_day"(b."id", "insights_local_day"($2::timestamp(3), b."timezone"), 0, -1, 0, 0)
       FROM "Business" b WHERE b."id" = $1::text`,
      [card.businessId, card.firstVisitAt],
    );
  }
  // Per location (docs/locations.md): both first visits were counted new where they happened; the
  // later one, now a visit of the account's card, stops counting.
  if (card.firstVisitAt && mine.firstVisitAt) {
    const later = card.firstVisitAt > mine.firstVisitAt ? card.firstVisitAt : mine.firstVisitAt;
    await tx.execute(`SELECT "location_insights_merged"($1::text, $2::timestamp(3))`, [mine.id, later]);
  }
  // The guest card's wallet passes left (a Google object; an Apple pass when the account had its own)
  // are voided as a deleted account's are: the phones that hold them are told.
  await announce(tx, { kind: "card-deleting", membershipId: card.id });
  await tx.execute(`DELETE FROM "Membership" WHERE "id" = $1::text`, [card.id]);
  return codes;
}

/** What else the guest owns moves to the account; the rest goes with the guest's row. */
async function moveAccountRows(tx: SqlTx, guestId: string, accountId: string) {
  // The daily tap limit counts the day's visits of both: same key, the counts add up.
  await tx.execute(
    `WITH gone AS (DELETE FROM "DailyTapCount" WHERE "userId" = $1::text RETURNING "businessId", "day", "count")
     INSERT INTO "DailyTapCount" ("userId", "businessId", "day", "count")
     SELECT $2::text, "businessId", "day", "count" FROM gone
     ON CONFLICT ("userId", "businessId", "day") DO UPDATE SET "count" = "DailyTapCount"."count" + EXCLUDED."count"`,
    [guestId, accountId],
  );
  // Visits of the guest not on a card any more (none in practice) follow it too.
  await tx.execute(`UPDATE "Tap" SET "userId" = $2::text WHERE "userId" = $1::text`, [guestId, accountId]);
  await tx.execute(`UPDATE "Reward" SET "userId" = $2::text WHERE "userId" = $1::text`, [guestId, accountId]);
  await tx.execute(`UPDATE "PushSubscription" SET "userId" = $2::text WHERE "userId" = $1::text`, [guestId, accountId]);
  // The answers stored under the guest's Idempotency-Keys move: a tap retried with its key after the
  // sign-in replays its answer rather than counting again (keys are random, so none collides).
  await tx.execute(
    `WITH gone AS (DELETE FROM "TapIdempotencyKey" WHERE "userId" = $1::text RETURNING "key", "status", "body", "createdAt")
     INSERT INTO "TapIdempotencyKey" ("userId", "key", "status", "body", "createdAt")
     SELECT $2::text, "key", "status", "body", "createdAt" FROM gone
     ON CONFLICT ("userId", "key") DO NOTHING`,
    [guestId, accountId],
  );
  await tx.execute(
    `INSERT INTO "MailOptOut" ("userId", "businessId", "createdAt")
     SELECT $2::text, "businessId", "createdAt" FROM "MailOptOut" WHERE "userId" = $1::text
     ON CONFLICT ("userId", "businessId") DO NOTHING`,
    [guestId, accountId],
  );
  // Friends the guest brought in were brought in by the account.
  await tx.execute(
    `UPDATE "Membership" SET "referredById" = $2::text WHERE "referredById" = $1::text AND "userId" <> $2::text`,
    [guestId, accountId],
  );
  await tx.execute(`UPDATE "User" SET "referredById" = $2::text WHERE "referredById" = $1::text AND "id" <> $2::text`, [
    guestId,
    accountId,
  ]);
}
