import { format } from "date-fns";
import { ca, enUS, es, type Locale as DateFnsLocale } from "date-fns/locale";
import type { Locale } from "./locales";
import { dateTimeFormat } from "@/lib/time/intl-format";

// How each language writes a day (docs/i18n.md, "Dates, numbers and plurals"):
// English keeps the product's "Jan 05, 2026"; Spanish and Catalan their own
// medium date ("5 ene 2026", "5 gen. 2026").
const DAY_FORMATS: Readonly<Record<Locale, { locale: DateFnsLocale; pattern: string }>> = {
  en: { locale: enUS, pattern: "MMM dd, yyyy" },
  es: { locale: es, pattern: "PP" },
  ca: { locale: ca, pattern: "PP" },
};

/** A stored calendar day (UTC midnight, as ISO text) written the way `locale` writes dates. */
export function formatDay(iso: string, locale: Locale): string {
  const date = new Date(iso);
  const { locale: dateLocale, pattern } = DAY_FORMATS[locale];
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), pattern, {
    locale: dateLocale,
  });
}

// The wall clock of `timeZone` at `date`, as numbers (Intl knows every IANA zone).
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

function wallClockIn(timeZone: string, date: Date) {
  const parts = wallClockFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "0";
  return { year: +part("year"), month: +part("month"), day: +part("day"), hour: part("hour"), minute: part("minute") };
}

/**
 * An instant (a reward's expiry, an event) as the business reads it: its day, and
 * with `withTime` its 24-hour time, on the clock of the business's `timeZone`, never
 * the server's. The day is written as formatDay writes days ("Jan 05, 2026 14:30",
 * "5 ene 2026 14:30").
 */
export function formatInstantIn(date: Date, timeZone: string, locale: Locale, withTime = false): string {
  const clock = wallClockIn(timeZone, date);
  const { locale: dateLocale, pattern } = DAY_FORMATS[locale];
  // Noon of that day on the server's own clock: the day is right whatever its zone.
  const day = format(new Date(clock.year, clock.month - 1, clock.day, 12), pattern, { locale: dateLocale });
  return withTime ? `${day} ${clock.hour}:${clock.minute}` : day;
}

// A day on a chart's axis: short, no year ("Mar 5", "5 mar").
const SHORT_DAY_PATTERNS: Readonly<Record<Locale, string>> = { en: "MMM d", es: "d MMM", ca: "d MMM" };

/** A calendar day (YYYY-MM-DD) as a chart's axis writes it. */
export function formatShortDay(iso: string, locale: Locale): string {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day, 12), SHORT_DAY_PATTERNS[locale], {
    locale: DAY_FORMATS[locale].locale,
  });
}

/** An ISO weekday (1 Monday … 7 Sunday) by name in `locale`: "Mon" (short) or "Monday" (long). */
export function weekdayName(isoWeekday: number, locale: Locale, width: "short" | "long" = "short"): string {
  // 2026-01-05 was a Monday.
  return format(new Date(2026, 0, 4 + isoWeekday, 12), width === "short" ? "EEE" : "EEEE", {
    locale: DAY_FORMATS[locale].locale,
  });
}
