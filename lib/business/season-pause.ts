import { nextDay, startOfDayIn } from "@/lib/export/period";
import { localDateIn } from "@/lib/time/local-date";

// Closed for a season (docs/business-lifecycle.md): the owner closes the
// business from `pausedAt` until the morning of `pausedUntil`, a calendar day
// on the business's clock (null: until they reopen it). While closed no visit,
// purchase or redemption counts and rewards' expiries stand still. The pause
// ends by itself: every check compares the business's local day at `now` with
// `pausedUntil`, so nothing has to run at midnight. Pure: the clock and the
// zone are passed in; the database's statements say the same in SQL
// (lib/db/season-pause.ts, closedPart).

/** How far ahead a reopening day may be set. */
export const MAX_PAUSE_DAYS = 366;

/** A business's pause as stored: when it began, and the local day it ends on the morning of (null: when reopened). */
export type SeasonPause = { pausedAt: Date | null; pausedUntil: string | Date | null };

/** What a closed business answers with: the day it reopens (YYYY-MM-DD, null: until the owner reopens). */
export type Closure = { until: string | null };

/** A stored `date` as YYYY-MM-DD: Prisma reads it as UTC midnight, plain SQL as its text. */
export function dayOf(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** The instant the pause ends: the start of `pausedUntil` on the business's clock (null: no end set). */
export function reopensAt(pausedUntil: string | Date | null, timeZone: string): Date | null {
  const day = dayOf(pausedUntil);
  return day ? startOfDayIn(day, timeZone) : null;
}

/** Whether the business is closed at `now`: paused, and its local day still before the reopening day. */
export function isClosedAt(pause: SeasonPause, timeZone: string, now: Date): boolean {
  if (!pause.pausedAt || pause.pausedAt.getTime() > now.getTime()) return false;
  const until = dayOf(pause.pausedUntil);
  return until === null || localDateIn(timeZone, now) < until;
}

/** The closure shown and answered while closed at `now`; null when open. */
export function closureAt(pause: SeasonPause, timeZone: string, now: Date): Closure | null {
  return isClosedAt(pause, timeZone, now) ? { until: dayOf(pause.pausedUntil) } : null;
}

/** A pause that has ended by its date but whose expiries have not been moved yet (the sweep settles it). */
export function hasEndedAt(pause: SeasonPause, timeZone: string, now: Date): boolean {
  return pause.pausedAt !== null && !isClosedAt(pause, timeZone, now) && dayOf(pause.pausedUntil) !== null;
}

/** The days an owner may pick as the reopening day at `now`: from tomorrow, at most MAX_PAUSE_DAYS ahead (local days). */
export function reopeningDayBounds(timeZone: string, now: Date): { min: string; max: string } {
  const today = localDateIn(timeZone, now);
  const max = new Date(`${today}T00:00:00Z`);
  max.setUTCDate(max.getUTCDate() + MAX_PAUSE_DAYS);
  return { min: nextDay(today), max: max.toISOString().slice(0, 10) };
}

/**
 * How far a reward's expiry moves when the pause that ran from `pausedAt` to
 * `endedAt` is settled, in milliseconds: the time the reward existed while the
 * business was closed (a reward issued during the pause counts from its
 * issue). A reward that had expired before the pause began does not move.
 * The reopening's one statement applies the same rule in SQL.
 */
export function expiryShiftMs(
  reward: { issuedAt: Date; expiresAt: Date | null },
  pause: { pausedAt: Date; endedAt: Date },
): number {
  if (!reward.expiresAt || reward.expiresAt.getTime() <= pause.pausedAt.getTime()) return 0;
  const from = Math.max(pause.pausedAt.getTime(), reward.issuedAt.getTime());
  return Math.max(0, pause.endedAt.getTime() - from);
}

/**
 * A reopening day as the ICU values of the closed-for-the-season messages
 * (lib/business/closed-messages.ts): the day of the month and the month's
 * number, which each language's catalog writes out ("1 March", "1 de marzo",
 * "1 de març"), so the day is right whatever the server's zone.
 */
export function reopeningValues(until: string): { day: number; month: string } {
  const [, month, day] = until.split("-").map(Number) as [number, number, number];
  return { day, month: String(month) };
}
