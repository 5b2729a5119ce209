import { weekdayName } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { normaliseHours, minutesOf, WEEK_DAYS, type OpeningRange } from "@/lib/locations/hours";
import { dateTimeFormat } from "@/lib/time/intl-format";
import { isoWeekday, wallClockMs } from "@/lib/time/wall-clock";

// A location's week of hours (./hours.ts) as a page shows it: grouped by days
// with the same hours, in the viewer's language, and whether it is open now on
// the location's own clock. Pure.

/** Consecutive days with the same ranges (none: closed that day). */
export type DayGroup = { first: number; last: number; ranges: { opens: string; closes: string }[] };

/** The week Monday to Sunday, consecutive days with the same hours as one group. */
export function groupWeek(hours: readonly OpeningRange[]): DayGroup[] {
  const sorted = normaliseHours(hours);
  const groups: DayGroup[] = [];
  for (const day of WEEK_DAYS) {
    const ranges = sorted.filter((r) => r.day === day).map(({ opens, closes }) => ({ opens, closes }));
    const previous = groups.at(-1);
    if (previous && previous.last === day - 1 && JSON.stringify(previous.ranges) === JSON.stringify(ranges))
      previous.last = day;
    else groups.push({ first: day, last: day, ranges });
  }
  return groups;
}

/** A clock time as `locale` writes one ("8:30 AM", "8:30"). Wall-clock text: no zone to convert. */
export function formatClockTime(time: string, locale: Locale): string {
  const instant = new Date(Date.UTC(2026, 0, 5, Number(time.slice(0, 2)), Number(time.slice(3, 5))));
  return dateTimeFormat(locale, { timeZone: "UTC", hour: "numeric", minute: "2-digit" }).format(instant);
}

/** One line of the week for display: the days ("Mon–Fri") and their hours ("8:00 AM–2:00 PM, 5:00 PM–8:00 PM"), null when closed. */
export type WeekLine = { days: string; hours: string | null };

/** The week as the viewer reads it, grouped by days with the same hours; [] when the hours are not published. */
export function formatWeek(hours: readonly OpeningRange[], locale: Locale): WeekLine[] {
  if (hours.length === 0) return [];
  return groupWeek(hours).map((group) => ({
    days:
      group.first === group.last
        ? weekdayName(group.first, locale)
        : `${weekdayName(group.first, locale)}–${weekdayName(group.last, locale)}`,
    hours: group.ranges.length
      ? group.ranges.map((r) => `${formatClockTime(r.opens, locale)}–${formatClockTime(r.closes, locale)}`).join(", ")
      : null,
  }));
}

/**
 * Whether the location is open at `now` on its own clock (`timeZone`); null
 * when its hours are not published, so a page says nothing rather than "closed".
 */
export function isOpenAt(hours: readonly OpeningRange[], timeZone: string, now: Date): boolean | null {
  if (hours.length === 0) return null;
  const wall = new Date(wallClockMs(now, timeZone));
  const day = isoWeekday(wall.toISOString().slice(0, 10));
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  return hours.some((r) => r.day === day && minutesOf(r.opens) <= minute && minute < minutesOf(r.closes));
}
