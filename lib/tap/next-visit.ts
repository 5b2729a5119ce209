import { nextDay, startOfDayIn } from "@/lib/export/period";
import { localDateIn } from "@/lib/time/local-date";

// When a refused visit may count again, in the business's time zone. Pure: the
// zone's rules come from Intl and `now` is passed in. The daily tap limit
// counts visits per customer × business × local calendar day, so it opens again
// at the next local midnight (which a DST change does not move: Europe/Madrid
// changes its clocks at 02:00 and 03:00, and in any zone a day starts at its
// first instant).

/** How the "when" is phrased: after the daily limit ("tomorrow after 00:00"), or a program's cooldown ("at 14:30"). */
export type NextVisitKind = "daily_limit" | "cooldown";

/** The day of the next visit relative to the refused one, on the business's calendar. */
export type NextVisitDay = "today" | "tomorrow" | "later";

/** What a refused visit's answer says about the next one (the JSON API's `next_visit`). */
export type NextVisit = {
  kind: NextVisitKind;
  /** The instant it counts again (ISO 8601, UTC). */
  at: string;
  /** The business's IANA time zone: the time is shown on its clock. */
  time_zone: string;
  day: NextVisitDay;
};

/** The instant the daily limit opens again: the next midnight on the business's clock after `now`. */
export function dailyLimitResetAt(now: Date, timeZone: string): Date {
  return startOfDayIn(nextDay(localDateIn(timeZone, now)), timeZone);
}

/** The instant a program's cooldown after the last counted visit ends. */
export function cooldownEndsAt(lastVisitAt: Date, cooldownMinutes: number): Date {
  return new Date(lastVisitAt.getTime() + Math.max(0, cooldownMinutes) * 60_000);
}

/** Whether `at` falls on the same local day as `now`, the next one, or later, on the business's calendar. */
export function nextVisitDay(at: Date, now: Date, timeZone: string): NextVisitDay {
  const today = localDateIn(timeZone, now);
  const then = localDateIn(timeZone, at);
  if (then <= today) return "today";
  return then === nextDay(today) ? "tomorrow" : "later";
}

/** The answer's `next_visit` after the daily limit refused a visit at `now`. */
export function nextVisitAfterDailyLimit(now: Date, timeZone: string): NextVisit {
  const at = dailyLimitResetAt(now, timeZone);
  return { kind: "daily_limit", at: at.toISOString(), time_zone: timeZone, day: nextVisitDay(at, now, timeZone) };
}

/** The answer's `next_visit` when a program's cooldown refused a visit at `now`. */
export function nextVisitAfterCooldown(
  lastVisitAt: Date,
  cooldownMinutes: number,
  now: Date,
  timeZone: string,
): NextVisit {
  const at = cooldownEndsAt(lastVisitAt, cooldownMinutes);
  return { kind: "cooldown", at: at.toISOString(), time_zone: timeZone, day: nextVisitDay(at, now, timeZone) };
}

/** The answer's `next_visit` for a program whose cooldown ends at `at` (lib/loyalty/cooldown.ts), seen on the visit's local day `today`. */
export function nextVisitAtCooldownEnd(at: Date, timeZone: string, today: string): NextVisit {
  const then = localDateIn(timeZone, at);
  const day: NextVisitDay = then <= today ? "today" : then === nextDay(today) ? "tomorrow" : "later";
  return { kind: "cooldown", at: at.toISOString(), time_zone: timeZone, day };
}

/**
 * The message key (under `tap.result.nextVisit`) that says when: "tomorrow after {time}" for
 * the daily limit; "at {time}", "tomorrow at {time}" or "on {date} at {time}" for a cooldown.
 */
export function nextVisitMessageKey(next: Pick<NextVisit, "kind" | "day">): string {
  if (next.kind === "daily_limit") return next.day === "later" ? "dailyOn" : "dailyTomorrow";
  return next.day === "today" ? "cooldownToday" : next.day === "tomorrow" ? "cooldownTomorrow" : "cooldownOn";
}

/** The time (24-hour "HH:MM") and date of `at` on `timeZone`'s clock, in the reader's language. */
export function formatNextVisit(
  next: Pick<NextVisit, "at" | "time_zone">,
  locale: string,
): { time: string; date: string } {
  const at = new Date(next.at);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: next.time_zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  const date = new Intl.DateTimeFormat(locale, { timeZone: next.time_zone, day: "numeric", month: "long" }).format(at);
  return { time, date };
}

/** A stored answer's `next_visit`, read defensively (a hand-made or older answer may lack it or be malformed). */
export function readNextVisit(value: unknown): NextVisit | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (v.kind !== "daily_limit" && v.kind !== "cooldown") return null;
  if (typeof v.at !== "string" || Number.isNaN(Date.parse(v.at))) return null;
  if (typeof v.time_zone !== "string" || v.day === undefined) return null;
  if (v.day !== "today" && v.day !== "tomorrow" && v.day !== "later") return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: v.time_zone });
  } catch {
    return null;
  }
  return { kind: v.kind, at: v.at, time_zone: v.time_zone, day: v.day };
}
