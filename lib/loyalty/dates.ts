// Calendar arithmetic on YYYY-MM-DD strings. Days are counted in UTC so no
// daylight-saving jump can make a day 23 or 25 hours long.

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type CalendarDate = { year: number; month: number; day: number };

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Parses a real calendar date ("2023-02-29" is rejected), else null. */
export function parseLocalDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Like parseLocalDate, for dates the engine guarantees: a bad one is a bug. */
export function requireLocalDate(value: string): CalendarDate {
  const parsed = parseLocalDate(value);
  if (!parsed) throw new RangeError(`Expected a YYYY-MM-DD date, got "${value}"`);
  return parsed;
}

/** Days since 1970-01-01, so day differences are plain subtraction. */
export function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

/** The yearly recurrence of month/day in `year`; 29 February falls on
 * 28 February in non-leap years so those customers still get their treat. */
export function occurrenceInYear(month: number, day: number, year: number): number {
  const shifted = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
  return dayNumber({ year, month, day: shifted });
}

/** The UTC calendar day of an instant (how date-only columns are stored). */
export function utcDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Date-only columns are stored as UTC midnight, so their UTC day is the
 * calendar day the owner picked; null means open-ended on that side. */
export function isProgramInDate(program: { startDate: Date | null; endDate: Date | null }, localDate: string): boolean {
  // YYYY-MM-DD strings compare correctly as plain strings.
  if (program.startDate && localDate < utcDateString(program.startDate)) return false;
  if (program.endDate && localDate > utcDateString(program.endDate)) return false;
  return true;
}
