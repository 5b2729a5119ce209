// Anniversary: the first visit on or after each yearly anniversary of joining
// earns the reward, once per membership year; nothing in the first year.
// The join day is the UTC calendar day of membershipLinkedAt: at worst a day
// off the café's local day, which is fine for a yearly treat.
import { dayNumber, occurrenceInYear, requireLocalDate, utcDateString } from "./dates";
import type { AnniversaryRules } from "./rules";
import { progressLine, visitLine } from "./lines";
import { readMarker } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitContext, VisitResult } from "./types";

const LAST_ANNIVERSARY = "lastAnniversary";

/** Completed membership years on `localDate` (29 Feb joins → 28 Feb in non-leap years). */
export function membershipYears(linkedAt: Date, localDate: string): number {
  const joined = requireLocalDate(utcDateString(linkedAt));
  const today = requireLocalDate(localDate);
  const thisYears = occurrenceInYear(joined.month, joined.day, today.year);
  const years = today.year - joined.year - (dayNumber(today) >= thisYears ? 0 : 1);
  return Math.max(0, years);
}

export function applyAnniversary(_rules: AnniversaryRules, progress: ProgressState, ctx: VisitContext): VisitResult {
  const next: ProgressState = { ...progress, count: progress.count + 1, total: progress.total + 1 };
  const years = membershipYears(ctx.membershipLinkedAt, ctx.localDate);
  // A customer who skipped a whole year gets this year's treat, not a backlog.
  if (years < 1 || readMarker(progress.state, LAST_ANNIVERSARY) >= years) {
    return { next, rewardsIssued: 0, summary: { type: "anniversary", line: visitLine("recorded") } };
  }
  next.state = { ...progress.state, [LAST_ANNIVERSARY]: years };
  return { next, rewardsIssued: 1, summary: { type: "anniversary", line: visitLine("anniversary", { years }) } };
}

export function describeAnniversary(_rules: AnniversaryRules, progress: ProgressState): ProgressDescription {
  return { current: progress.count, target: null, line: progressLine("anniversary") };
}

export const anniversaryProgram: ProgramModule<AnniversaryRules> = {
  type: "anniversary",
  apply: (rules, progress, ctx) => applyAnniversary(rules, progress, ctx),
  describe: describeAnniversary,
};
