// Calendar days as YYYY-MM-DD text: a business's local days, free of any clock's
// zone (computed on UTC midnights, where every day has 24 hours).

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function utcMidnight(day: string): number {
  if (!ISO_DAY.test(day)) throw new Error(`not a calendar day: ${day}`);
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last day of the `days` days that end with `today`. */
export function rangeEndingOn(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Every day from `from` to `to`, both included, in order. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = utcMidnight(from), end = utcMidnight(to); at <= end; at += DAY_MS) {
    out.push(new Date(at).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * One entry per day from `from` to `to`: the row stored for that day, or `empty`
 * for a day without one (a day nobody visited has no row). Rows outside the
 * range are left out.
 */
export function fillDays<T extends { day: string }>(
  rows: readonly T[],
  from: string,
  to: string,
  empty: Omit<T, "day">,
): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(from, to).map((day) => byDay.get(day) ?? ({ ...empty, day } as T));
}
