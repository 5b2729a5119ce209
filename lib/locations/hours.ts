// A location's opening hours (docs/locations.md, "The owner's page"): the week
// as a list of ranges, each on one ISO day (Monday 1 … Sunday 7) from `opens`
// to `closes` ("HH:MM", 24-hour, opens before closes, so a range never crosses
// midnight), at most MAX_RANGES_PER_DAY a day, none overlapping. An empty list
// means the hours are not published. Pure: the browser's editor and the
// server check the same rules. Reading the stored JSON and how a week reads
// on a page: ./format-hours.ts; open now: ./open-now.ts.

export type OpeningRange = { day: number; opens: string; closes: string };

export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_RANGES_PER_DAY = 3;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a 24-hour "HH:MM" from 00:00 to 23:59. */
export function isClockTime(value: unknown): value is string {
  return typeof value === "string" && TIME.test(value);
}

/** Minutes since midnight of a valid "HH:MM". */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const byDayAndTime = (a: OpeningRange, b: OpeningRange) =>
  a.day - b.day || minutesOf(a.opens) - minutesOf(b.opens) || minutesOf(a.closes) - minutesOf(b.closes);

/** The ranges in the week's order: by day, then by opening time. */
export function normaliseHours(hours: readonly OpeningRange[]): OpeningRange[] {
  return hours.map(({ day, opens, closes }) => ({ day, opens, closes })).sort(byDayAndTime);
}

/** What is wrong with a week of ranges, each problem at the index of the range it is about. */
export type HoursProblem = { index: number; problem: "order" | "too_many" | "overlap" };

/**
 * The rules a week breaks, in the order of its ranges (every range has a day
 * 1..7 and two valid times; the schema checks that first): a range that does
 * not open before it closes, a fourth range on one day, a range that overlaps
 * an earlier one of its day. Ranges that touch (09:00–13:00, 13:00–17:00) do
 * not overlap.
 */
export function hoursProblems(hours: readonly OpeningRange[]): HoursProblem[] {
  const problems: HoursProblem[] = [];
  const seen = new Map<number, { index: number; opens: number; closes: number }[]>();
  hours.forEach((range, index) => {
    const opens = minutesOf(range.opens);
    const closes = minutesOf(range.closes);
    if (opens >= closes) {
      problems.push({ index, problem: "order" });
      return;
    }
    const sameDay = seen.get(range.day) ?? [];
    if (sameDay.length >= MAX_RANGES_PER_DAY) problems.push({ index, problem: "too_many" });
    else if (sameDay.some((other) => opens < other.closes && other.opens < closes))
      problems.push({ index, problem: "overlap" });
    sameDay.push({ index, opens, closes });
    seen.set(range.day, sameDay);
  });
  return problems;
}

/** The editor's week: each day's ranges in the order shown. */
export type WeekDraft = Record<number, { opens: string; closes: string }[]>;

/** A stored week as the editor shows it, day by day. */
export function draftOf(hours: readonly OpeningRange[]): WeekDraft {
  const draft: WeekDraft = Object.fromEntries(WEEK_DAYS.map((day) => [day, []]));
  for (const { day, opens, closes } of normaliseHours(hours)) draft[day]?.push({ opens, closes });
  return draft;
}

/**
 * The editor's week as the list the form sends: Monday's ranges first, each
 * day's in the order shown, so a problem's index (hoursProblems) points at one
 * range of the editor (rangeIndexes).
 */
export function hoursOf(draft: WeekDraft): OpeningRange[] {
  return WEEK_DAYS.flatMap((day) => (draft[day] ?? []).map(({ opens, closes }) => ({ day, opens, closes })));
}

/** Where each day's ranges start in hoursOf's list. */
export function rangeIndexes(draft: WeekDraft): Record<number, number> {
  let next = 0;
  return Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const first = next;
      next += (draft[day] ?? []).length;
      return [day, first];
    }),
  );
}
