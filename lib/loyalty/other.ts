// Other (and any type this code does not know yet): visits are counted so
// nothing is lost, but no reward is ever issued automatically.
import type { OtherRules } from "./rules";
import { progressLine, visitLine } from "./lines";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

export function applyOther(_rules: OtherRules, progress: ProgressState): VisitResult {
  const next: ProgressState = { ...progress, count: progress.count + 1, total: progress.total + 1 };
  return { next, rewardsIssued: 0, summary: { type: "other", line: visitLine("recorded"), current: next.count } };
}

export function describeOther(_rules: OtherRules, progress: ProgressState): ProgressDescription {
  return { current: progress.count, target: null, line: progressLine("other", { count: progress.count }) };
}

export const otherProgram: ProgramModule<OtherRules> = {
  type: "other",
  apply: (rules, progress) => applyOther(rules, progress),
  describe: describeOther,
};
