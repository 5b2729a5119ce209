import { applyVisit, describeProgress } from "./index";
import { normalizeProgress, type StoredProgressInput } from "./state";
import type { EngineContext, ProgramInput, ProgressDescription, ProgressState, VisitSummary } from "./types";

// One visit across a business's running programs, decided without a database:
// each program's rules turn its stored progress into the next, the rewards it
// issues and what the answer says. The visit's transaction (lib/db/visits.ts)
// reads the inputs, writes what this returns, and issues the rewards.

export type PlannedProgram<P> = {
  program: P;
  next: ProgressState;
  /** Rewards this visit earns the customer in this program (more than one only where the rules allow it). */
  rewardsIssued: number;
  /** The friend who brought this newcomer is owed the referral reward. */
  payReferrer: boolean;
  summary: VisitSummary;
  progress: ProgressDescription;
};

/**
 * Every program's outcome of one visit, in the programs' order. `stored` holds the customer's progress per
 * program id (absent: none yet). A customer never pays themselves a referral.
 */
export function planVisit<P extends ProgramInput & { id: string }>(
  programs: readonly P[],
  stored: ReadonlyMap<string, StoredProgressInput>,
  context: EngineContext & { userId: string },
): PlannedProgram<P>[] {
  const { userId, ...engine } = context;
  return programs.map((program) => {
    const saved = stored.get(program.id);
    const result = applyVisit(program, saved ? normalizeProgress(saved) : null, engine);
    return {
      program,
      next: result.next,
      rewardsIssued: result.rewardsIssued,
      payReferrer: Boolean(result.referrerRewards && engine.referrerId && engine.referrerId !== userId),
      summary: result.summary,
      progress: describeProgress(program.type, program.rules, result.next, engine.localDate),
    };
  });
}
