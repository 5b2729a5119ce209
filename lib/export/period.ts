// A period of whole days on a business's clock, as the instants a query
// compares with, and instants written as ISO 8601 on that clock. Pure: the
// zone's rules come from Intl.

function wallClock(timeZone: string, date: Date) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `date`, in milliseconds (whole seconds). */
export function zoneOffsetMs(timeZone: string, date: Date): number {
  const c = wallClock(timeZone, date);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts on `timeZone`'s clock. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
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
  const c = wallClock(timeZone, date);
  const offsetMinutes = Math.round(zoneOffsetMs(timeZone, date) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}${zone}`;
}
