import { zoneOffsetMs } from "@/lib/export/period";

// A business's wall clock and the instants it names. Pure: the zone's rules
// come from Intl. A wall-clock time is kept as "milliseconds as if the clock
// were UTC", so calendar arithmetic on it never meets a DST change.

const DAY_MS = 86_400_000;

/** What `timeZone`'s clock reads at `instant`, as milliseconds on a UTC-like scale. */
export function wallClockMs(instant: Date, timeZone: string): number {
  return instant.getTime() + zoneOffsetMs(timeZone, instant);
}

/**
 * The instant `timeZone`'s clock reads `wallMs`. A time the clock skips (the
 * hour lost in spring) is taken as that much later, and a time it reads twice
 * (the hour repeated in autumn) as the first of the two, as the
 * "compatible" rule of JavaScript's Temporal and of most calendars does.
 */
export function instantAtWallClock(wallMs: number, timeZone: string): Date {
  // A zone changes its offset at most once in any two days, so the offsets a
  // day either side are the only candidates.
  const before = zoneOffsetMs(timeZone, new Date(wallMs - DAY_MS));
  const after = zoneOffsetMs(timeZone, new Date(wallMs + DAY_MS));
  const valid = [wallMs - before, wallMs - after].filter(
    (instant) => wallClockMs(new Date(instant), timeZone) === wallMs,
  );
  if (valid.length) return new Date(Math.min(...valid));
  // Skipped: read it with the offset from before the jump, which lands after it.
  return new Date(wallMs - before);
}

/** The instant a calendar day (YYYY-MM-DD) reads `hour`:`minute` on `timeZone`'s clock. */
export function instantOnDay(day: string, hour: number, minute: number, timeZone: string): Date {
  return instantAtWallClock(Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000, timeZone);
}

/** The same time of day `days` calendar days later (earlier when negative) on `timeZone`'s clock. */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  return instantAtWallClock(wallClockMs(instant, timeZone) + days * DAY_MS, timeZone);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day (YYYY-MM-DD). */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}
