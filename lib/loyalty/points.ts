// Points: `pointsPerVisit` per visit; every `threshold` points earns a reward.
// Points over the threshold carry over so a customer never loses what they earned.
import { progressLine, visitLine } from "./lines";
import type { PointsRules } from "./rules";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

export function applyPoints(rules: PointsRules, progress: ProgressState): VisitResult {
  const { pointsPerVisit, threshold } = rules;
  const balance = progress.count + pointsPerVisit;
  // One visit can be worth several rewards when pointsPerVisit ≥ 2×threshold.
  const rewardsIssued = Math.floor(balance / threshold);
  const count = balance - rewardsIssued * threshold;
  const next: ProgressState = { ...progress, count, total: progress.total + pointsPerVisit };
  const line =
    rewardsIssued === 0
      ? visitLine("pointsAdded", { points: pointsPerVisit, current: count, target: threshold })
      : visitLine("pointsRewarded", {
          points: pointsPerVisit,
          rewards: rewardsIssued,
          current: count,
          target: threshold,
        });
  return { next, rewardsIssued, summary: { type: "points", line, current: count, target: threshold } };
}

export function describePoints(rules: PointsRules, progress: ProgressState): ProgressDescription {
  return {
    current: progress.count,
    target: rules.threshold,
    line: progressLine("points", { current: progress.count, target: rules.threshold }),
  };
}

export const pointsProgram: ProgramModule<PointsRules> = {
  type: "points",
  apply: (rules, progress) => applyPoints(rules, progress),
  describe: describePoints,
};
