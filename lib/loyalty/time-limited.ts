// Time-limited: a stamp card that only runs between the program's startDate and
// endDate (both inclusive, the café's calendar days). Outside them a visit
// changes nothing, so a customer can't fill a card after the offer ended.
import { isProgramInDate } from "./dates";
import { visitLine } from "./lines";
import type { TimeLimitedRules } from "./rules";
import { applyStamps, describeStamps } from "./stamps";
import type {
  ProgramDates,
  ProgramModule,
  ProgressDescription,
  ProgressState,
  VisitContext,
  VisitResult,
} from "./types";

export function applyTimeLimited(
  rules: TimeLimitedRules,
  progress: ProgressState,
  ctx: VisitContext,
  program: ProgramDates,
): VisitResult {
  if (!isProgramInDate(program, ctx.localDate)) {
    const summary = {
      type: "time-limited",
      line: visitLine("offerNotRunning"),
      current: progress.count,
      target: rules.stampsRequired,
    };
    return { next: progress, rewardsIssued: 0, summary };
  }
  const result = applyStamps(rules, progress);
  return { ...result, summary: { ...result.summary, type: "time-limited" } };
}

export function describeTimeLimited(rules: TimeLimitedRules, progress: ProgressState): ProgressDescription {
  return describeStamps(rules, progress);
}

export const timeLimitedProgram: ProgramModule<TimeLimitedRules> = {
  type: "time-limited",
  apply: (rules, progress, ctx, program) => applyTimeLimited(rules, progress, ctx, program),
  describe: describeTimeLimited,
};
