// Stamp card: +1 stamp per visit; `stampsRequired` stamps earn the reward.
import { punchCard } from "./card";
import type { StampsRules } from "./rules";
import { plural } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

export function applyStamps(rules: StampsRules, progress: ProgressState): VisitResult {
  const target = rules.stampsRequired;
  const { next, rewardsIssued } = punchCard(progress, target);
  const message =
    rewardsIssued > 0
      ? `Card complete! Reward earned (${target}/${target} stamps)`
      : `Stamp added: ${next.count}/${target}`;
  // On a reward the card shows full here; the fresh card (0) is in `next`.
  const current = rewardsIssued > 0 ? target : next.count;
  return { next, rewardsIssued, summary: { type: "stamps", message, current, target } };
}

export function describeStamps(rules: StampsRules, progress: ProgressState): ProgressDescription {
  const target = rules.stampsRequired;
  return { current: progress.count, target, label: `${progress.count}/${plural(target, "stamp", "stamps")}` };
}

export const stampsProgram: ProgramModule<StampsRules> = {
  type: "stamps",
  apply: (rules, progress) => applyStamps(rules, progress),
  describe: describeStamps,
};
