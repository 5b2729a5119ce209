import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { appendAuditSql } from "@/lib/db/audit";
import { inTransaction, queryRows, raw, sql, type InTransaction, type Sql, type SqlTx } from "@/lib/db/sql";
import { dayOf, isClosedAt, reopeningDayBounds, reopensAt, type SeasonPause } from "@/lib/business/season-pause";
import { displayName, type NameParts } from "@/lib/users/display-name";

// Closed for a season (docs/business-lifecycle.md): the owner's pause and
// reopening, and the settling of a pause that ended by its date. While
// closed, the statements that count (a visit, a purchase, a redemption) refuse
// with closedPart; reopening moves every ready reward's expiry on by the time
// it spent closed, in one statement, audited, so rewards do not expire during
// the pause.

/**
 * The business (alias `b`) is closed at `now`: paused, and its local day at
 * `now` (in its own zone, as stored now) still before the reopening day. The
 * pure rule is lib/business/season-pause.ts, isClosedAt.
 */
export function closedPart(alias: "b", now: Date): Sql {
  const b = raw(alias);
  return sql`(${b}."pausedAt" IS NOT NULL AND ${b}."pausedAt" <= ${now}::timestamp(3)
    AND (${b}."pausedUntil" IS NULL OR (${now}::timestamptz AT TIME ZONE ${b}."timezone")::date < ${b}."pausedUntil"))`;
}

export type PauseState = SeasonPause & { id: string; name: string; timezone: string; pausedUntil: string | null };

type PauseRow = { id: string; name: string; timezone: string; pausedAt: Date | null; pausedUntil: string | null };

/** The owner's business's pause, as the settings page shows it; null for anyone else's. */
export async function getOwnedPause(ownerId: string, businessId: string): Promise<PauseState | null> {
  const [row] = await queryRows<PauseRow>(
    sql`SELECT "id", "name", "timezone", "pausedAt", "pausedUntil" FROM "Business"
      WHERE "id" = ${businessId}::text AND "ownerId" = ${ownerId}::text`,
  );
  return row ?? null;
}

async function lockOwned(tx: SqlTx, ownerId: string | null, businessId: string): Promise<PauseRow | null> {
  const [row] = await tx.query<PauseRow>(
    sql`SELECT "id", "name", "timezone", "pausedAt", "pausedUntil" FROM "Business"
      WHERE "id" = ${businessId}::text AND (${ownerId}::text IS NULL OR "ownerId" = ${ownerId}::text)
      FOR UPDATE`,
  );
  return row ?? null;
}

async function actorOf(
  tx: SqlTx,
  userId: string | null,
): Promise<{ actorId: string | null; actorName: string | null }> {
  if (!userId) return { actorId: null, actorName: null };
  const [user] = await tx.query<NameParts>(
    sql`SELECT "firstName", "lastName", "name" FROM "User" WHERE "id" = ${userId}::text`,
  );
  return { actorId: userId, actorName: user ? displayName(user) : null };
}

/** What a reopening did: when the pause ended and how many ready rewards' expiries moved. */
export type Reopened = { businessId: string; endedAt: Date; rewardsMoved: number };

/**
 * Ends the pause of a locked business at `endedAt`: every AVAILABLE reward
 * that was still valid when the pause began, or was issued during it, has its
 * expiry moved on by the time it spent closed (from the later of the pause's
 * start and its issue, to `endedAt`; lib/business/season-pause.ts,
 * expiryShiftMs), in one statement; the pause is cleared; a BUSINESS_REOPENED
 * entry records it all.
 */
async function settle(
  tx: SqlTx,
  row: PauseRow & { pausedAt: Date },
  endedAt: Date,
  by: { userId: string | null; how: "owner" | "date" },
  now: Date,
): Promise<Reopened> {
  const [moved] = await tx.query<{ count: number }>(
    sql`WITH moved AS (
      UPDATE "Reward" r
      SET "expiresAt" = r."expiresAt" + (${endedAt}::timestamp(3) - GREATEST(${row.pausedAt}::timestamp(3), r."issuedAt")),
          "expirySweptAt" = NULL
      WHERE r."businessId" = ${row.id}::text AND r."status" = 'AVAILABLE'::"RewardStatus"
        AND r."expiresAt" > ${row.pausedAt}::timestamp(3) AND r."issuedAt" < ${endedAt}::timestamp(3)
      RETURNING 1
    )
    SELECT count(*)::int AS "count" FROM moved`,
  );
  await tx.execute(
    sql`UPDATE "Business" SET "pausedAt" = NULL, "pausedUntil" = NULL, "updatedAt" = ${now}::timestamp(3)
      WHERE "id" = ${row.id}::text`,
  );
  const rewardsMoved = moved?.count ?? 0;
  await appendAuditSql(
    tx,
    {
      businessId: row.id,
      action: "BUSINESS_REOPENED",
      ...(await actorOf(tx, by.userId)),
      before: { pausedAt: row.pausedAt.toISOString(), pausedUntil: row.pausedUntil },
      after: null,
      details: { reopenedAt: endedAt.toISOString(), by: by.how, rewardsMoved },
    },
    now,
  );
  return { businessId: row.id, endedAt, rewardsMoved };
}

/** The instant a pause that is over at `now` ended: its reopening morning; null while it still runs. */
function endedBy(row: PauseRow, now: Date): Date | null {
  if (!row.pausedAt || isClosedAt(row, row.timezone, now)) return null;
  return reopensAt(row.pausedUntil, row.timezone);
}

export type PauseOutcome =
  | { ok: true; pausedAt: Date; pausedUntil: string | null }
  | { ok: false; code: "not_found" | "date_too_soon" | "date_too_far" };

/**
 * Closes the owner's business for the season from `now` until the morning of
 * `until` (a local day after today, at most a year ahead; null: until the
 * owner reopens). A business already closed keeps its start and takes the new
 * reopening day; one whose pause ended by its date but was not settled yet is
 * settled first (its rewards' expiries move), then closed anew. Audited as
 * BUSINESS_PAUSED; `changed` (the business's id) runs in the transaction, and
 * its cached card and landings are expired after it.
 */
export async function writePause(
  ownerId: string,
  businessId: string,
  until: string | null,
  changed: InTransaction<string>,
  now = new Date(),
): Promise<PauseOutcome> {
  const outcome = await inTransaction(async (tx): Promise<PauseOutcome> => {
    const row = await lockOwned(tx, ownerId, businessId);
    if (!row) return { ok: false, code: "not_found" };
    if (until) {
      const bounds = reopeningDayBounds(row.timezone, now);
      if (until < bounds.min) return { ok: false, code: "date_too_soon" };
      if (until > bounds.max) return { ok: false, code: "date_too_far" };
    }
    const ended = endedBy(row, now);
    if (ended && row.pausedAt) {
      await settle(tx, { ...row, pausedAt: row.pausedAt }, ended, { userId: null, how: "date" }, now);
      row.pausedAt = null;
    }
    const pausedAt = row.pausedAt ?? now;
    await tx.execute(
      sql`UPDATE "Business" SET "pausedAt" = ${pausedAt}::timestamp(3), "pausedUntil" = ${until}::date, "updatedAt" = ${now}::timestamp(3)
        WHERE "id" = ${row.id}::text`,
    );
    await appendAuditSql(
      tx,
      {
        businessId: row.id,
        action: "BUSINESS_PAUSED",
        ...(await actorOf(tx, ownerId)),
        before: row.pausedAt ? { pausedAt: row.pausedAt.toISOString(), pausedUntil: row.pausedUntil } : null,
        after: { pausedAt: pausedAt.toISOString(), pausedUntil: until },
      },
      now,
    );
    await changed(tx, row.id);
    return { ok: true, pausedAt, pausedUntil: until };
  });
  if (outcome.ok) expireTags(cacheTags.business(businessId));
  return outcome;
}

export type ReopenOutcome = ({ ok: true } & Reopened) | { ok: false; code: "not_found" | "not_paused" };

/**
 * The owner reopens now (or the pause already ended by its date: it is
 * settled as of that morning). Rewards' expiries move (settle, above); a
 * business that is not paused answers not_paused and changes nothing.
 */
export async function writeReopen(
  ownerId: string,
  businessId: string,
  changed: InTransaction<string>,
  now = new Date(),
): Promise<ReopenOutcome> {
  const outcome = await inTransaction(async (tx): Promise<ReopenOutcome> => {
    const row = await lockOwned(tx, ownerId, businessId);
    if (!row) return { ok: false, code: "not_found" };
    if (!row.pausedAt) return { ok: false, code: "not_paused" };
    const ended = endedBy(row, now);
    const pausedAt = row.pausedAt.getTime() > now.getTime() ? now : row.pausedAt;
    const reopened = await settle(
      tx,
      { ...row, pausedAt },
      ended ?? now,
      ended ? { userId: null, how: "date" } : { userId: ownerId, how: "owner" },
      now,
    );
    await changed(tx, row.id);
    return { ok: true, ...reopened };
  });
  if (outcome.ok) expireTags(cacheTags.business(businessId));
  return outcome;
}

/**
 * The hourly sweep's part (docs/jobs.md, "Sweeps"): every pause that ended by
 * its date at `now` and was not settled yet is settled as of its reopening
 * morning, one business per transaction; `changed` runs in each. Returns what
 * was settled.
 */
export async function settleEndedPauses(now: Date, changed: InTransaction<string>): Promise<Reopened[]> {
  const due = await queryRows<{ id: string }>(
    sql`SELECT "id" FROM "Business"
      WHERE "pausedAt" IS NOT NULL AND "pausedUntil" IS NOT NULL
        AND (${now}::timestamptz AT TIME ZONE "timezone")::date >= "pausedUntil"
      ORDER BY "id"`,
  );
  const settled: Reopened[] = [];
  for (const { id } of due) {
    const reopened = await inTransaction(async (tx) => {
      const row = await lockOwned(tx, null, id);
      const ended = row ? endedBy(row, now) : null;
      if (!row?.pausedAt || !ended) return null;
      const done = await settle(tx, { ...row, pausedAt: row.pausedAt }, ended, { userId: null, how: "date" }, now);
      await changed(tx, row.id);
      return done;
    });
    if (reopened) {
      expireTags(cacheTags.business(id));
      settled.push(reopened);
    }
  }
  return settled;
}

/** A stored pause in the shape the pure rules read (a `date` column as YYYY-MM-DD). */
export function pauseOf(row: { pausedAt: Date | null; pausedUntil: string | Date | null }): SeasonPause {
  return { pausedAt: row.pausedAt, pausedUntil: dayOf(row.pausedUntil) };
}
