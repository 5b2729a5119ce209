// Quiet hours (docs/campaigns.md, "Per recipient, at send time"): no marketing message goes out
// between quietStart and quietEnd on the business's own clock. A window may
// cross midnight (21:00–09:00) or not (13:00–15:00); equal ends mean none.
// Pure: the zone's rules come from Intl (lib/time/wall-clock.ts).
import { instantAtWallClock, wallClockMs } from "@/lib/time/wall-clock";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export type QuietHours = { startMinute: number; endMinute: number };

/** Whether the local minute of the day `minute` falls inside the window. */
export function inQuietHours(minute: number, quiet: QuietHours): boolean {
  const { startMinute: start, endMinute: end } = quiet;
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When sending may resume: null when `now` is outside quiet hours, else the
 * instant the window ends on `timeZone`'s clock. Across a DST change that is
 * the wall-clock end (09:00 local), however many hours away; an end the clock
 * skips is taken as that much later.
 */
export function quietUntil(now: Date, timeZone: string, quiet: QuietHours): Date | null {
  const wall = wallClockMs(now, timeZone);
  const dayStart = Math.floor(wall / DAY_MS) * DAY_MS;
  const minute = Math.floor((wall - dayStart) / MINUTE_MS);
  if (!inQuietHours(minute, quiet)) return null;
  // The end is today when we are before it, else tomorrow (a window that crossed midnight).
  const endDay = minute < quiet.endMinute ? dayStart : dayStart + DAY_MS;
  const end = instantAtWallClock(endDay + quiet.endMinute * MINUTE_MS, timeZone);
  return end.getTime() > now.getTime() ? end : new Date(now.getTime() + MINUTE_MS);
}
