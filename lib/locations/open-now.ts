import { minutesOf, type OpeningRange } from "@/lib/locations/hours";
import { isoWeekday, wallClockMs } from "@/lib/time/wall-clock";

// Whether a location is open at a moment, on its own clock (the owner's list
// says "Open now"). How its week reads: lib/locations/format-hours.ts. Pure.

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
