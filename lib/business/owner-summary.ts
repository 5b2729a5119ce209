import { startOfDayIn } from "@/lib/export/period";
import { addDays } from "@/lib/insights/days";
import { localDateIn } from "@/lib/time/local-date";
import { instantOnDay, isoWeekday } from "@/lib/time/wall-clock";

// Which owner's summary is due when (the owner-summary sweep, docs/jobs.md).
// Pure: the business's clock comes from its time zone.

/** How often a business's owner gets a summary of it by mail (Business.ownerSummary). */
export const OWNER_SUMMARY_FREQUENCIES = ["OFF", "DAILY", "WEEKLY"] as const;
export type OwnerSummaryFrequency = (typeof OWNER_SUMMARY_FREQUENCIES)[number];
export type OwnerSummaryPeriod = Exclude<OwnerSummaryFrequency, "OFF">;

/** The summary goes out from this hour of the business's day (weekly ones on Mondays). */
export const OWNER_SUMMARY_HOUR = 7;

export type DueOwnerSummary = {
  period: OwnerSummaryPeriod;
  /** The period's first calendar day on the business's clock (YYYY-MM-DD). */
  fromDay: string;
  /** [from, to): the period's instants, from its first local midnight to the next period's. */
  from: Date;
  to: Date;
};

/**
 * The summary due at `now` for a business on `timeZone`'s clock, or null.
 * A daily summary is due from 07:00 local until that day's end and covers the
 * day before; a weekly one is due on Mondays from 07:00 and covers the week
 * before (Monday to Sunday). A sweep that runs late the same day still finds
 * it due; a day later it is not (a summary that opened a day late would be
 * stale, and one turned on at night would not send the day before's).
 * Periods follow the business's calendar, so a DST day has 23 or 25 hours.
 * Whether this period was already queued is the database's to answer.
 */
export function dueOwnerSummary(frequency: OwnerSummaryFrequency, timeZone: string, now: Date): DueOwnerSummary | null {
  if (frequency === "OFF") return null;
  const today = localDateIn(timeZone, now);
  if (now.getTime() < instantOnDay(today, OWNER_SUMMARY_HOUR, 0, timeZone).getTime()) return null;
  if (frequency === "WEEKLY" && isoWeekday(today) !== 1) return null;
  const fromDay = addDays(today, frequency === "DAILY" ? -1 : -7);
  return { period: frequency, fromDay, from: startOfDayIn(fromDay, timeZone), to: startOfDayIn(today, timeZone) };
}

/** The event key of a period's summary job: the same period queued twice is one job. */
export function ownerSummaryKey(businessId: string, summary: Pick<DueOwnerSummary, "period" | "fromDay">): string {
  return `owner-summary:${businessId}:${summary.period}:${summary.fromDay}`;
}
