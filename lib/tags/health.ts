import { minutesOf, type OpeningRange } from "@/lib/locations/hours";
import { localDateIn } from "@/lib/time/local-date";
import { isoWeekday, wallClockMs } from "@/lib/time/wall-clock";

// Tag health (docs/tag-health.md): what the owner's tag list says of each tag
// and when the periodic check tells the owner something looks wrong. Pure:
// the statements (lib/db/tag-health.ts) read the counts, these rules decide;
// each has its unit tests. Days are the business's local days (as Tap.day),
// opening hours the location's own wall clock.

/** How many local days before today "usual" looks at. */
export const HISTORY_DAYS = 28;
/** Fewer open days of history than this: a "new tag", nothing is judged. */
export const MIN_HISTORY_OPEN_DAYS = 7;
/** A burst: at least this many times the usual hourly rate… */
export const BURST_FACTOR = 5;
/** …and at least this many taps in the last hour. */
export const BURST_MIN_TAPS = 20;
/** A tap this close to opening or closing time is not "out of hours" (staff arrive early, customers leave late). */
export const HOURS_GRACE_MINUTES = 15;
/** How far back the check looks for taps out of hours. */
export const OUT_OF_HOURS_WINDOW_MINUTES = 180;
/** Taps out of hours within the window before it is an alert (one stray tap is not). */
export const OUT_OF_HOURS_MIN_TAPS = 2;
/** A silence is an alert when a silence that long would happen by chance less often than this. */
export const SILENCE_CHANCE = 0.01;
export const MIN_SILENT_DAYS = 2;
export const MAX_SILENT_DAYS = 7;
/** A tag that gets taps on fewer open days than this share is too sporadic to call silent. */
export const MIN_ACTIVE_SHARE = 0.5;
/** A secure chip's counter this far above the previous visit's: reads nobody recorded. */
export const COUNTER_JUMP_MIN = 20;

const DAY_MS = 86_400_000;

/** YYYY-MM-DD `days` calendar days after `day` (before when negative). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a location is open on a local day: its hours have a range that weekday; every day when not published. */
export function isOpenDay(hours: readonly OpeningRange[], day: string): boolean {
  if (hours.length === 0) return true;
  const weekday = isoWeekday(day);
  return hours.some((range) => range.day === weekday);
}

/** Minutes the location is open on a local day (a nominal 12 hours when its hours are not published). */
export function openMinutesOn(hours: readonly OpeningRange[], day: string): number {
  if (hours.length === 0) return 12 * 60;
  const weekday = isoWeekday(day);
  return hours
    .filter((range) => range.day === weekday)
    .reduce((sum, range) => sum + minutesOf(range.closes) - minutesOf(range.opens), 0);
}

export type TagHistory = {
  /** Taps per local day (YYYY-MM-DD → count); days without taps may be absent. */
  counts: ReadonlyMap<string, number>;
  /** The business's local day now. */
  today: string;
  /** The local day the tag was claimed: days up to it are not history (a part day, or another owner's). */
  claimedDay: string | null;
  hours: readonly OpeningRange[];
};

/** The open days of history, oldest first, with their taps: the HISTORY_DAYS days before today, after the claim day. */
export function openDayCounts(history: TagHistory): number[] {
  const days: number[] = [];
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = shiftDay(history.today, -back);
    if (history.claimedDay !== null && day <= history.claimedDay) continue;
    if (!isOpenDay(history.hours, day)) continue;
    days.push(history.counts.get(day) ?? 0);
  }
  return days;
}

/** The median of counts (the mean of the middle two for an even number). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A tag's usual taps on an open day: the median over its open days of the
 * last HISTORY_DAYS (days without taps count as 0), rounded. The median, not
 * the mean, so one busy market day does not lift "usual" for a month. null:
 * fewer than MIN_HISTORY_OPEN_DAYS open days since it was claimed ("new tag").
 */
export function usualTaps(history: TagHistory): number | null {
  const days = openDayCounts(history);
  if (days.length < MIN_HISTORY_OPEN_DAYS) return null;
  return Math.round(median(days));
}

export type SilentVerdict = { silent: false } | { silent: true; days: number; threshold: number };

/**
 * A tag that usually gets taps on an open day and got none for the last N
 * open days (yesterday back; today counts only once it has a tap, which ends
 * the silence). N is the shortest run of empty open days that would happen by
 * chance less than SILENCE_CHANCE of the time at the tag's own rate of empty
 * days before the silence (at least MIN_SILENT_DAYS, at most
 * MAX_SILENT_DAYS). A tag that is empty on most open days anyway, or has
 * fewer than MIN_HISTORY_OPEN_DAYS days before the silence, is not judged.
 */
export function silentRule(history: TagHistory, tapsToday: number): SilentVerdict {
  if (tapsToday > 0) return { silent: false };
  const days = openDayCounts(history);
  let streak = 0;
  while (streak < days.length && days[days.length - 1 - streak] === 0) streak++;
  const before = days.slice(0, days.length - streak);
  if (streak === 0 || before.length < MIN_HISTORY_OPEN_DAYS) return { silent: false };
  const active = before.filter((taps) => taps > 0).length / before.length;
  if (active < MIN_ACTIVE_SHARE) return { silent: false };
  const empty = 1 - active;
  let threshold = MIN_SILENT_DAYS;
  while (threshold < MAX_SILENT_DAYS && empty ** threshold >= SILENCE_CHANCE) threshold++;
  return streak >= threshold ? { silent: true, days: streak, threshold } : { silent: false };
}

export type BurstVerdict = { burst: false } | { burst: true; taps: number; threshold: number };

/**
 * A burst: taps in the last hour at least BURST_FACTOR times the usual hourly
 * rate (usual taps of an open day over the day's open hours) and at least
 * BURST_MIN_TAPS. A new tag (no usual) is not judged.
 */
export function burstRule(usual: number | null, openMinutesToday: number, tapsLastHour: number): BurstVerdict {
  if (usual === null) return { burst: false };
  const hourly = usual / (Math.max(openMinutesToday, 60) / 60);
  const threshold = Math.max(BURST_MIN_TAPS, Math.ceil(BURST_FACTOR * hourly));
  return tapsLastHour >= threshold ? { burst: true, taps: tapsLastHour, threshold } : { burst: false };
}

/**
 * Whether a location is open at `instant` on its own clock, give or take
 * `grace` minutes either side of each range. Ranges end at midnight at the
 * latest (lib/locations/hours.ts), so a night that runs past midnight is a
 * range to 23:59 and one from 00:00 the next day; the previous and next
 * days' ranges are looked at too, so the grace carries across midnight and
 * 23:59 → 00:00 reads as one opening. null: hours not published.
 */
export function isWithinHours(
  hours: readonly OpeningRange[],
  timeZone: string,
  instant: Date,
  grace = HOURS_GRACE_MINUTES,
): boolean | null {
  if (hours.length === 0) return null;
  const wall = new Date(wallClockMs(instant, timeZone));
  const day = wall.toISOString().slice(0, 10);
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  for (const offset of [-1, 0, 1]) {
    const weekday = isoWeekday(shiftDay(day, offset));
    for (const range of hours) {
      if (range.day !== weekday) continue;
      // A range closing at 23:59 runs to midnight.
      const closes = range.closes === "23:59" ? 24 * 60 : minutesOf(range.closes);
      const from = offset * 24 * 60 + minutesOf(range.opens) - grace;
      const to = offset * 24 * 60 + closes + grace;
      if (from <= minute && minute < to) return true;
    }
  }
  return false;
}

export type OutOfHoursVerdict = { outOfHours: false } | { outOfHours: true; taps: number; first: Date };

/** Taps out of the location's hours (with the grace) in the window: at least OUT_OF_HOURS_MIN_TAPS of them. */
export function outOfHoursRule(
  hours: readonly OpeningRange[],
  timeZone: string,
  taps: readonly { at: Date; count: number }[],
): OutOfHoursVerdict {
  const outside = taps.filter((tap) => isWithinHours(hours, timeZone, tap.at) === false);
  const count = outside.reduce((sum, tap) => sum + tap.count, 0);
  if (count < OUT_OF_HOURS_MIN_TAPS) return { outOfHours: false };
  const first = outside.reduce((min, tap) => (tap.at < min ? tap.at : min), outside[0]!.at);
  return { outOfHours: true, taps: count, first };
}

/** A secure tag's plain address was tapped (MISSING_SUN rejections in the last day): someone copied the static URL. */
export function plainUrlRule(secure: boolean, missingSunLastDay: number): boolean {
  return secure && missingSunLastDay > 0;
}

/**
 * Reads of a secure chip nobody recorded: how far the latest accepted counter
 * is above the one before it, less the one read that made the visit; null
 * below COUNTER_JUMP_MIN. A phone that only looks (no visit) also reads the
 * chip, so small gaps are normal; a large one means the chip was read many
 * times elsewhere (copied, or links collected).
 */
export function counterJump(latest: number | null, previous: number | null): number | null {
  if (latest === null || previous === null) return null;
  const gap = latest - previous - 1;
  return gap >= COUNTER_JUMP_MIN ? gap : null;
}

export type AlertKind = "SILENT" | "BURST" | "OUT_OF_HOURS" | "PLAIN_URL";

/** What the periodic check reads of one tag. */
export type TagCheck = TagHistory & {
  tagId: string;
  secure: boolean;
  timeZone: string;
  locationZone: string;
  tapsToday: number;
  tapsLastHour: number;
  /** Taps in the last OUT_OF_HOURS_WINDOW_MINUTES, per minute. */
  recentTaps: { at: Date; count: number }[];
  /** The last tap's instant (null: never tapped since it was claimed) and the claim. */
  lastTapAt: Date | null;
  claimedAt: Date | null;
  missingSunLastDay: number;
};

export type Firing = { kind: AlertKind; episodeKey: string; facts: Record<string, number | string> };

/**
 * Which alerts hold for a tag now, each with its episode key (docs/tag-health.md,
 * "Once per episode"): the last tap before a silence (a new silence needs a new
 * tap first), the local hour a burst was seen, the local day of taps out of
 * hours or of a plain address.
 */
export function firingAlerts(check: TagCheck, now: Date): Firing[] {
  const firing: Firing[] = [];
  const usual = usualTaps(check);
  const silent = silentRule(check, check.tapsToday);
  if (silent.silent) {
    const since = check.lastTapAt ?? check.claimedAt;
    firing.push({
      kind: "SILENT",
      episodeKey: `last:${since ? since.toISOString() : "never"}`,
      facts: { days: silent.days, usual: usual ?? 0 },
    });
  }
  const burst = burstRule(usual, openMinutesOn(check.hours, check.today), check.tapsLastHour);
  if (burst.burst) {
    const hour = new Date(wallClockMs(now, check.timeZone)).toISOString().slice(0, 13);
    firing.push({ kind: "BURST", episodeKey: `hour:${hour}`, facts: { taps: burst.taps, usual: usual ?? 0 } });
  }
  const outside = outOfHoursRule(check.hours, check.locationZone, check.recentTaps);
  if (outside.outOfHours) {
    firing.push({ kind: "OUT_OF_HOURS", episodeKey: `day:${check.today}`, facts: { taps: outside.taps } });
  }
  if (plainUrlRule(check.secure, check.missingSunLastDay)) {
    firing.push({ kind: "PLAIN_URL", episodeKey: `day:${check.today}`, facts: { taps: check.missingSunLastDay } });
  }
  return firing;
}

/** How long ago, for the tag list: a unit and a negative amount for Intl.RelativeTimeFormat; null past a day (shown as a date). */
export function relativeAgo(at: Date, now: Date): { value: number; unit: "minute" | "hour" } | null {
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 60) return { value: -minutes, unit: "minute" };
  if (minutes < 24 * 60) return { value: -Math.floor(minutes / 60), unit: "hour" };
  return null;
}

/** What the owner's tag list shows of one tag (docs/tag-health.md, "What the list shows"). */
export type TagHealthView = {
  lastTapAt: Date | null;
  ago: { value: number; unit: "minute" | "hour" } | null;
  tapsToday: number;
  /** null: a new tag (not enough history). */
  usual: number | null;
  chip: { counter: number; jump: number | null } | null;
  replays: number;
  plainUrl: number;
};

export function tagHealthView(
  row: {
    days: readonly (readonly [string, number])[];
    claimedAt: Date | null;
    lastTapAt: Date | null;
    secure: boolean;
    chipCounter: number | null;
    previousCounter: number | null;
    replays: number;
    plainUrl: number;
  },
  hours: readonly OpeningRange[],
  today: string,
  now: Date,
  timeZone: string,
): TagHealthView {
  const counts = new Map(row.days.map(([day, taps]) => [day, taps] as const));
  return {
    lastTapAt: row.lastTapAt,
    ago: row.lastTapAt ? relativeAgo(row.lastTapAt, now) : null,
    tapsToday: counts.get(today) ?? 0,
    usual: usualTaps({ counts, today, hours, claimedDay: row.claimedAt ? localDateIn(timeZone, row.claimedAt) : null }),
    chip:
      row.secure && row.chipCounter !== null
        ? { counter: row.chipCounter, jump: counterJump(row.chipCounter, row.previousCounter) }
        : null,
    replays: row.secure ? row.replays : 0,
    plainUrl: row.secure ? row.plainUrl : 0,
  };
}
