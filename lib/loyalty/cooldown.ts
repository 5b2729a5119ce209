// A program's cooldown (docs/loyalty-programs.md, "Cooldown"): at most one
// stamp every N hours per customer, on top of the business's daily limit.
// Hours are elapsed time, not the clock's: across a DST change the business's
// clock reads an hour more or less at the end, never a stamp early. Pure; the
// visit's first statement applies the same boundary in SQL (lib/db/visits.ts).

export const COOLDOWN_HOURS_MIN = 1;
export const COOLDOWN_HOURS_MAX = 168;

const HOUR_MS = 3_600_000;

/** The first instant the next stamp may be granted after one granted at `lastAt`. */
export function cooldownEndsAt(lastAt: Date, hours: number): Date {
  return new Date(lastAt.getTime() + hours * HOUR_MS);
}

/** Whether a visit at `now` may earn the program's stamp: none granted yet, or the cooldown has passed (its end included). */
export function cooldownPassed(lastAt: Date | null, hours: number | null, now: Date): boolean {
  if (hours === null || lastAt === null) return true;
  return now.getTime() >= cooldownEndsAt(lastAt, hours).getTime();
}
