import { weekdayName } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";

// A location's opening hours as its public card shows them (docs/locations.md,
// "What owners and customers see"): the week in order, consecutive days with
// the same hours grouped ("Mon–Fri 08:00–20:00"), the days without hours
// closed. Hours are the location's wall clock ("HH:MM" as the owner typed
// them), never converted: they are not instants. Pure.

/** One opening of the week: ISO day (Monday 1 … Sunday 7), opens and closes "HH:MM". */
export type OpeningHoursEntry = { day: number; opens: string; closes: string };

/** Consecutive days (ISO, `from` ≤ `to`) with the same openings; none: closed those days. */
export type HoursGroup = { from: number; to: number; intervals: { opens: string; closes: string }[] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The stored `openingHours` JSON as entries, in week order (day, then opening
 * time). Tolerant: an entry that is not a day 1..7 with two "HH:MM" times is
 * left out rather than failing the page, and a repeated one is kept once.
 */
export function readOpeningHours(value: unknown): OpeningHoursEntry[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries: OpeningHoursEntry[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    const { day, opens, closes } = item as Record<string, unknown>;
    if (typeof day !== "number" || !Number.isInteger(day) || day < 1 || day > 7) continue;
    if (typeof opens !== "string" || typeof closes !== "string" || !TIME.test(opens) || !TIME.test(closes)) continue;
    const key = `${day} ${opens} ${closes}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ day, opens, closes });
  }
  return entries.sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens) || a.closes.localeCompare(b.closes));
}

/**
 * The week, Monday to Sunday, as runs of consecutive days with the same
 * openings (a closed run has none). No entries: hours not published, no groups.
 */
export function groupOpeningHours(entries: readonly OpeningHoursEntry[]): HoursGroup[] {
  if (entries.length === 0) return [];
  const groups: HoursGroup[] = [];
  for (let day = 1; day <= 7; day++) {
    const intervals = entries.filter((e) => e.day === day).map(({ opens, closes }) => ({ opens, closes }));
    const last = groups[groups.length - 1];
    if (last && last.to === day - 1 && sameIntervals(last.intervals, intervals)) last.to = day;
    else groups.push({ from: day, to: day, intervals });
  }
  return groups;
}

function sameIntervals(a: HoursGroup["intervals"], b: HoursGroup["intervals"]): boolean {
  return a.length === b.length && a.every((x, i) => x.opens === b[i]!.opens && x.closes === b[i]!.closes);
}

/** One line of the card's hours: the days ("Mon–Fri") and what they open ("08:00–14:00, 17:00–20:00" or closed). */
export type HoursLine = { days: string; hours: string; closed: boolean };

/** The grouped week in `locale`'s day names; `closedLabel` is the catalog's word for a closed day. */
export function formatOpeningHours(
  entries: readonly OpeningHoursEntry[],
  locale: Locale,
  closedLabel: string,
): HoursLine[] {
  return groupOpeningHours(entries).map((group) => {
    const first = weekdayName(group.from, locale);
    const days = group.from === group.to ? first : `${first}–${weekdayName(group.to, locale)}`;
    const closed = group.intervals.length === 0;
    const hours = closed ? closedLabel : group.intervals.map((i) => `${i.opens}–${i.closes}`).join(", ");
    return { days, hours, closed };
  });
}
