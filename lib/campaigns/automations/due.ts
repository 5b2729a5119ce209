import { isLeapYear, occurrenceInYear, parseLocalDate, dayNumber } from "@/lib/loyalty/dates";
import { ruleSchemas } from "@/lib/loyalty/rules";
import { instantOnDay, wallClockMs } from "@/lib/time/wall-clock";

// When a customer is due for an automation (docs/campaigns.md, "Automations").
// Pure: the sweep turns each rule into the bounds of one INSERT … SELECT, and
// the unit tests hold each rule on its own. Days are the business's calendar
// days (its time zone), so "30 days away" and "on the birthday" change at the
// business's midnight, whatever the server's zone and across DST changes.

const DAY_MS = 86_400_000;

/** The business's calendar day (YYYY-MM-DD) at `now`. */
export function localDay(now: Date, timeZone: string): string {
  return new Date(wallClockMs(now, timeZone)).toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` (before when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A lapse older than this many days past the threshold is not taken in: an
 * automation switched on today greets those who just crossed the line, not
 * everyone who left years ago (a campaign is the tool for them).
 */
export const WIN_BACK_CATCH_UP_DAYS = 30;

/**
 * Win-back: the last visit was `days` or more calendar days ago, and not more
 * than WIN_BACK_CATCH_UP_DAYS beyond: due when from <= lastVisitAt < before.
 */
export function winBackWindow(now: Date, timeZone: string, days: number): { from: Date; before: Date } {
  const today = localDay(now, timeZone);
  return {
    from: instantOnDay(addDays(today, 1 - days - WIN_BACK_CATCH_UP_DAYS), 0, 0, timeZone),
    before: instantOnDay(addDays(today, 1 - days), 0, 0, timeZone),
  };
}

export function isWinBackDue(lastVisitAt: Date | null, now: Date, timeZone: string, days: number): boolean {
  if (!lastVisitAt) return false;
  const { from, before } = winBackWindow(now, timeZone, days);
  return lastVisitAt >= from && lastVisitAt < before;
}

/**
 * Birthday: the business's day `daysBefore` days from today is the customer's
 * birthday this year (29 February on 28 February in other years). The cycle is
 * the year of that birthday. Answers the birthdays (MM-DD) due today.
 */
export function birthdayTargets(now: Date, timeZone: string, daysBefore: number): { year: number; days: string[] } {
  const target = addDays(localDay(now, timeZone), daysBefore);
  const year = Number(target.slice(0, 4));
  const monthDay = target.slice(5);
  const days = monthDay === "02-28" && !isLeapYear(year) ? ["02-28", "02-29"] : [monthDay];
  return { year, days };
}

/** The birthday's year whose greeting is due at `now`, or null. `birthday` is YYYY-MM-DD. */
export function birthdayDueYear(birthday: string, now: Date, timeZone: string, daysBefore: number): number | null {
  const born = parseLocalDate(birthday);
  if (!born) return null;
  const target = parseLocalDate(addDays(localDay(now, timeZone), daysBefore))!;
  return occurrenceInYear(born.month, born.day, target.year) === dayNumber(target) ? target.year : null;
}

/**
 * One stamp away: the counts of a program's card that are one visit short of
 * its reward (stamps and visits: one short; points: a visit's points or fewer
 * short). Null for a program with no card to fill, or one every visit fills.
 */
export function oneAwayRange(type: string, rules: unknown): { min: number; max: number } | null {
  if (type === "stamps" || type === "visits") {
    const parsed = ruleSchemas[type].safeParse(rules ?? {});
    if (!parsed.success) return null;
    const target = "stampsRequired" in parsed.data ? parsed.data.stampsRequired : parsed.data.visitsRequired;
    return target >= 2 ? { min: target - 1, max: target - 1 } : null;
  }
  if (type === "points") {
    const parsed = ruleSchemas.points.safeParse(rules ?? {});
    if (!parsed.success) return null;
    const { threshold, pointsPerVisit } = parsed.data;
    return pointsPerVisit < threshold ? { min: threshold - pointsPerVisit, max: threshold - 1 } : null;
  }
  return null;
}

export function isOneAway(type: string, rules: unknown, count: number): boolean {
  const range = oneAwayRange(type, rules);
  return range !== null && count >= range.min && count <= range.max;
}

/** Welcome: the first visit was within this long before the sweep. */
export const WELCOME_WITHIN_MS = DAY_MS;

/** Welcome: a first visit in the last day, and no visit after it. */
export function isWelcomeDue(membership: { firstVisitAt: Date | null; lastVisitAt: Date | null }, now: Date): boolean {
  const { firstVisitAt, lastVisitAt } = membership;
  if (!firstVisitAt || !lastVisitAt || lastVisitAt.getTime() !== firstVisitAt.getTime()) return false;
  return firstVisitAt.getTime() <= now.getTime() && now.getTime() - firstVisitAt.getTime() < WELCOME_WITHIN_MS;
}
