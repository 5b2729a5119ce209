// Birthday: the first visit from the birthday up to `windowDays` days after it
// (inclusive) earns the reward, once per birthday year. A window that crosses
// New Year belongs to the year it started in, so a Dec 29 birthday visited on
// Jan 2 pays that December's birthday, not next year's.
import { dayNumber, occurrenceInYear, parseLocalDate, requireLocalDate } from "./dates";
import type { BirthdayRules } from "./rules";
import { progressLine, visitLine } from "./lines";
import { readMarker } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitContext, VisitResult } from "./types";

const LAST_YEAR = "lastBirthdayYear";

/** The year whose birthday window contains `localDate`, or null. */
export function birthdayWindowYear(birthday: string, localDate: string, windowDays: number): number | null {
  const born = parseLocalDate(birthday);
  if (!born) return null;
  const today = requireLocalDate(localDate);
  const day = dayNumber(today);
  // Only this year's window or one started last December can contain today
  // (windows are capped well under a year by the schema).
  for (const year of [today.year, today.year - 1]) {
    const start = occurrenceInYear(born.month, born.day, year);
    if (day >= start && day <= start + windowDays) return year;
  }
  return null;
}

export function applyBirthday(rules: BirthdayRules, progress: ProgressState, ctx: VisitContext): VisitResult {
  const next: ProgressState = { ...progress, count: progress.count + 1, total: progress.total + 1 };
  const year = ctx.birthday ? birthdayWindowYear(ctx.birthday, ctx.localDate, rules.windowDays) : null;
  if (year === null || readMarker(progress.state, LAST_YEAR) >= year) {
    return { next, rewardsIssued: 0, summary: { type: "birthday", line: visitLine("recorded") } };
  }
  next.state = { ...progress.state, [LAST_YEAR]: year };
  return { next, rewardsIssued: 1, summary: { type: "birthday", line: visitLine("birthday") } };
}

export function describeBirthday(rules: BirthdayRules, progress: ProgressState): ProgressDescription {
  const line =
    rules.windowDays === 0
      ? progressLine("birthdayOnTheDay")
      : progressLine("birthdayWithin", { days: rules.windowDays });
  return { current: progress.count, target: null, line };
}

export const birthdayProgram: ProgramModule<BirthdayRules> = {
  type: "birthday",
  apply: (rules, progress, ctx) => applyBirthday(rules, progress, ctx),
  describe: describeBirthday,
};
