// Challenge: `visitsRequired` visits within `withinDays` days earn a reward,
// once per window. A window covers `withinDays` calendar days from the visit
// that opened it (7 days from a Monday = Monday to Sunday). The first visit
// after a reward, or after the window ran out, opens a new window counting 1.
import { dayNumber, parseLocalDate, requireLocalDate } from "./dates";
import { progressLine, visitLine } from "./lines";
import type { ChallengeRules } from "./rules";
import { readString } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitContext, VisitResult } from "./types";

const WINDOW_START = "windowStart";

/** Whether the window opened on `start` still includes `localDate`. */
export function isWindowOpen(start: string | null, localDate: string, withinDays: number): boolean {
  const opened = start ? parseLocalDate(start) : null;
  if (!opened) return false;
  const elapsed = dayNumber(requireLocalDate(localDate)) - dayNumber(opened);
  return elapsed >= 0 && elapsed < withinDays;
}

export function applyChallenge(rules: ChallengeRules, progress: ProgressState, ctx: VisitContext): VisitResult {
  const { visitsRequired, withinDays } = rules;
  const total = progress.total + 1;
  const start = readString(progress.state, WINDOW_START);
  const open = isWindowOpen(start, ctx.localDate, withinDays);
  const count = open ? progress.count + 1 : 1;
  const windowStart = open && start ? start : ctx.localDate;

  if (count >= visitsRequired) {
    // Challenge met: close the window so the next visit starts a fresh one.
    const next: ProgressState = { ...progress, count: 0, total, state: { ...progress.state, [WINDOW_START]: null } };
    const line = visitLine("challengeComplete", { target: visitsRequired });
    return {
      next,
      rewardsIssued: 1,
      summary: { type: "challenge", line, current: visitsRequired, target: visitsRequired },
    };
  }
  const next: ProgressState = { ...progress, count, total, state: { ...progress.state, [WINDOW_START]: windowStart } };
  const line = visitLine("challengeProgress", { current: count, target: visitsRequired, days: withinDays });
  return { next, rewardsIssued: 0, summary: { type: "challenge", line, current: count, target: visitsRequired } };
}

/** Pass `localDate` to show 0 once the customer's window has run out. */
export function describeChallenge(
  rules: ChallengeRules,
  progress: ProgressState,
  localDate?: string,
): ProgressDescription {
  const expired =
    localDate !== undefined && !isWindowOpen(readString(progress.state, WINDOW_START), localDate, rules.withinDays);
  const current = expired ? 0 : progress.count;
  return {
    current,
    target: rules.visitsRequired,
    line: progressLine("challenge", { current, target: rules.visitsRequired, days: rules.withinDays }),
  };
}

export const challengeProgram: ProgramModule<ChallengeRules> = {
  type: "challenge",
  apply: (rules, progress, ctx) => applyChallenge(rules, progress, ctx),
  describe: describeChallenge,
};
