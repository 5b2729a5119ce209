// Visits: every `visitsRequired`-th visit earns the reward; `count` shows the
// visits made towards the next one.
import { punchCard } from "./card";
import { progressLine, visitLine } from "./lines";
import type { VisitsRules } from "./rules";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

export function applyVisits(rules: VisitsRules, progress: ProgressState): VisitResult {
  const target = rules.visitsRequired;
  const { next, rewardsIssued } = punchCard(progress, target);
  const line =
    rewardsIssued > 0
      ? visitLine("visitsRewarded", { target })
      : visitLine("visitAdded", { current: next.count, target });
  const current = rewardsIssued > 0 ? target : next.count;
  return { next, rewardsIssued, summary: { type: "visits", line, current, target } };
}

export function describeVisits(rules: VisitsRules, progress: ProgressState): ProgressDescription {
  return {
    current: progress.count,
    target: rules.visitsRequired,
    line: progressLine("visits", { current: progress.count, target: rules.visitsRequired }),
  };
}

export const visitsProgram: ProgramModule<VisitsRules> = {
  type: "visits",
  apply: (rules, progress) => applyVisits(rules, progress),
  describe: describeVisits,
};
