// Points: `pointsPerVisit` per visit (and, for a purchase, lib/loyalty/spend.ts's
// points for the amount); every `threshold` points earns a reward. Points over
// the threshold carry over so a customer never loses what they earned.
// A refund may leave a card owing points (`state.debt`, docs/purchases.md):
// whatever is earned next pays the debt first.
import { progressLine, visitLine } from "./lines";
import type { PointsRules } from "./rules";
import { readCount } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

/** The key of `ProgressState.state` holding the points a card owes after a refund. */
export const POINTS_DEBT_KEY = "debt";

/** Points a card owes (0 when none). */
export function pointsDebt(progress: ProgressState): number {
  return readCount(progress.state, POINTS_DEBT_KEY);
}

function withDebt(state: Record<string, unknown>, debt: number): Record<string, unknown> {
  const next = { ...state };
  if (debt > 0) next[POINTS_DEBT_KEY] = debt;
  else delete next[POINTS_DEBT_KEY];
  return next;
}

/**
 * Adds `points` (≥ 0) to a points card: a debt is paid first, then every
 * `threshold` points of the balance issue one reward, the rest carries over.
 */
export function earnPoints(
  progress: ProgressState,
  threshold: number,
  points: number,
): { next: ProgressState; rewardsIssued: number } {
  const debt = pointsDebt(progress);
  const paid = Math.min(debt, points);
  const balance = progress.count + points - paid;
  // One visit can be worth several rewards when the points are ≥ 2×threshold.
  const rewardsIssued = Math.floor(balance / threshold);
  return {
    next: {
      ...progress,
      count: balance - rewardsIssued * threshold,
      total: progress.total + points,
      state: withDebt(progress.state, debt - paid),
    },
    rewardsIssued,
  };
}

/**
 * Takes `points` (≥ 0) back from a points card: from the balance, and what the
 * balance does not hold becomes a debt. Rewards already issued are never
 * touched (docs/purchases.md, "Refunds").
 */
export function takeBackPoints(progress: ProgressState, points: number): ProgressState {
  const fromBalance = Math.min(progress.count, points);
  return {
    ...progress,
    count: progress.count - fromBalance,
    total: Math.max(0, progress.total - points),
    state: withDebt(progress.state, pointsDebt(progress) + points - fromBalance),
  };
}

export function applyPoints(
  rules: Pick<PointsRules, "pointsPerVisit" | "threshold">,
  progress: ProgressState,
): VisitResult {
  const { pointsPerVisit, threshold } = rules;
  const { next, rewardsIssued } = earnPoints(progress, threshold, pointsPerVisit);
  const { count } = next;
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
