// Stamp card: +1 stamp per visit; `stampsRequired` stamps earn the reward.
import { punchCard } from "./card";
import type { StampsRules } from "./rules";
import { progressLine, visitLine } from "./lines";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

export function applyStamps(rules: StampsRules, progress: ProgressState): VisitResult {
  const target = rules.stampsRequired;
  const { next, rewardsIssued } = punchCard(progress, target);
  const line =
    rewardsIssued > 0
      ? visitLine("stampsComplete", { target })
      : visitLine("stampAdded", { current: next.count, target });
  // On a reward the card shows full here; the fresh card (0) is in `next`.
  const current = rewardsIssued > 0 ? target : next.count;
  return { next, rewardsIssued, summary: { type: "stamps", line, current, target } };
}

export function describeStamps(rules: StampsRules, progress: ProgressState): ProgressDescription {
  const target = rules.stampsRequired;
  return { current: progress.count, target, line: progressLine("stamps", { current: progress.count, target }) };
}

export const stampsProgram: ProgramModule<StampsRules> = {
  type: "stamps",
  apply: (rules, progress) => applyStamps(rules, progress),
  describe: describeStamps,
};
