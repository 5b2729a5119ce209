// Gamified: every visit is a draw that wins with probability `winChance`.
// The RNG comes from ctx so the engine can use a secure source and tests a fixed one.
import type { GamifiedRules } from "./rules";
import { progressLine, visitLine } from "./lines";
import { readCount } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitContext, VisitResult } from "./types";

const WINS = "wins";

export function applyGamified(rules: GamifiedRules, progress: ProgressState, ctx: VisitContext): VisitResult {
  // random() is in [0, 1), so winChance 1 always wins and 0.1 wins on [0, 0.1).
  const won = ctx.random() < rules.winChance;
  const wins = readCount(progress.state, WINS) + (won ? 1 : 0);
  const next: ProgressState = {
    ...progress,
    count: progress.count + 1,
    total: progress.total + 1,
    state: { ...progress.state, [WINS]: wins },
  };
  const line = visitLine(won ? "won" : "lost");
  return { next, rewardsIssued: won ? 1 : 0, summary: { type: "gamified", line, current: next.count } };
}

export function describeGamified(_rules: GamifiedRules, progress: ProgressState): ProgressDescription {
  const wins = readCount(progress.state, WINS);
  return {
    current: progress.count,
    target: null,
    line: progressLine("gamified", { plays: progress.count, wins }),
  };
}

export const gamifiedProgram: ProgramModule<GamifiedRules> = {
  type: "gamified",
  apply: (rules, progress, ctx) => applyGamified(rules, progress, ctx),
  describe: describeGamified,
};
