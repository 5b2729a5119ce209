// A period of whole days on a business's clock, as the instants a query
// compares with, and instants written as ISO 8601 on that clock. Pure: the
// zone's rules come from Intl.
import { dateTimeFormat } from "@/lib/time/intl-format";

function formatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
}

function offsetByIntl(timeZone: string, at: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

// A zone's offset changes only on a quarter hour of UTC (every offset and
// every transition in the time-zone database is a multiple of 15 minutes), so
// an export of many rows asks Intl once per quarter hour, not once per cell.
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();

/** How far `timeZone`'s clock is ahead of UTC at `date`, in milliseconds. */
export function zoneOffsetMs(timeZone: string, date: Date): number {
  const bucket = Math.floor(date.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone} ${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetByIntl(timeZone, bucket * QUARTER_HOUR_MS);
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant a calendar day (YYYY-MM-DD) starts on `timeZone`'s clock. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const wall = new Date(0).setUTCFullYear(y, m - 1, d);
  // The offset at the guess, then at the answer: right across a DST change.
  let instant = wall - zoneOffsetMs(timeZone, new Date(wall));
  instant = wall - zoneOffsetMs(timeZone, new Date(instant));
  return new Date(instant);
}

/** The day after a calendar day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** [start, end) of the days from..to (inclusive) on the business's clock. */
export function periodBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfDayIn(from, timeZone), end: startOfDayIn(nextDay(to), timeZone) };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** "2026-03-05T14:30:00+01:00": the instant on `timeZone`'s clock, with that clock's offset. */
export function isoInZone(date: Date, timeZone: string): string {
  const offset = zoneOffsetMs(timeZone, date);
  const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const offsetMinutes = Math.round(offset / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  return `${local}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}
