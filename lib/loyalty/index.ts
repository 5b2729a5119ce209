// The loyalty rules registry: the engine's single entry point. It validates the
// stored rules, normalizes the stored progress and dispatches on program type;
// types this code does not know are run by `other` (count, never reward).
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "@/lib/validation/errors";
import { anniversaryProgram } from "./anniversary";
import { birthdayProgram } from "./birthday";
import { challengeProgram } from "./challenge";
import { isProgramInDate } from "./dates";
import { visitLine } from "./lines";
import { gamifiedProgram } from "./gamified";
import { otherProgram } from "./other";
import { pointsProgram } from "./points";
import { referralProgram } from "./referral";
import { programTypeOf, ruleSchemas, type ProgramType } from "./rules";
import { stampsProgram } from "./stamps";
import { normalizeProgress, type StoredProgressInput } from "./state";
import { tierProgram } from "./tier";
import { timeLimitedProgram } from "./time-limited";
import { visitsProgram } from "./visits";
import type {
  EngineContext,
  ProgramInput,
  ProgramModule,
  ProgressDescription,
  ProgressState,
  VisitResult,
} from "./types";

export type * from "./types";
export type { LineValues, LoyaltyLine } from "./lines";
export {
  defaultRules,
  isProgramType,
  parseProgramRules,
  programTypeOf,
  PROGRAM_TYPES,
  requiresDates,
  ruleSchemas,
} from "./rules";
export type { ProgramType, RulesByType, RulesFor, RulesParseResult, Tier } from "./rules";
export { isProgramInDate } from "./dates";
export { describeOffer } from "./offer";
export { closestToReward, stepsToReward } from "./closest";
export { emptyProgress, normalizeProgress, type StoredProgressInput } from "./state";
export { creditReferrer } from "./referral";
export { tierFor } from "./tier";

/** Stored rules that no longer validate. Rules are validated when saved, so
 * this means a bug or a hand-edited row: better to fail the visit loudly than
 * to guess (a guess could hand out rewards the owner never offered). */
export class InvalidProgramRulesError extends Error {
  constructor(
    readonly programType: string,
    readonly errors: FieldErrors,
  ) {
    super(`Invalid rules for "${programType}" program: ${JSON.stringify(errors)}`);
    this.name = "InvalidProgramRulesError";
  }
}

/** A module with its schema, its rules type erased behind the parse. */
type BoundProgram = {
  apply: (program: ProgramInput, progress: ProgressState, ctx: EngineContext) => VisitResult;
  describe: (rules: unknown, progress: ProgressState, localDate?: string) => ProgressDescription | null;
};

function bind<R>(schema: z.ZodType<R>, program: ProgramModule<R>): BoundProgram {
  return {
    apply(input, progress, ctx) {
      const parsed = schema.safeParse(input.rules ?? {});
      if (!parsed.success) throw new InvalidProgramRulesError(program.type, fieldErrorsOf(parsed.error));
      return program.apply(parsed.data, progress, ctx, input);
    },
    describe(rules, progress, localDate) {
      const parsed = schema.safeParse(rules ?? {});
      return parsed.success ? program.describe(parsed.data, progress, localDate) : null;
    },
  };
}

const registry: Record<ProgramType, BoundProgram> = {
  stamps: bind(ruleSchemas.stamps, stampsProgram),
  points: bind(ruleSchemas.points, pointsProgram),
  visits: bind(ruleSchemas.visits, visitsProgram),
  tier: bind(ruleSchemas.tier, tierProgram),
  referral: bind(ruleSchemas.referral, referralProgram),
  birthday: bind(ruleSchemas.birthday, birthdayProgram),
  anniversary: bind(ruleSchemas.anniversary, anniversaryProgram),
  challenge: bind(ruleSchemas.challenge, challengeProgram),
  "time-limited": bind(ruleSchemas["time-limited"], timeLimitedProgram),
  gamified: bind(ruleSchemas.gamified, gamifiedProgram),
  other: bind(ruleSchemas.other, otherProgram),
};

/**
 * Applies one visit to a customer's progress in `program`.
 * A program outside its start/end dates records nothing, whatever its type.
 * Throws InvalidProgramRulesError if the stored rules do not validate.
 */
export function applyVisit(
  program: ProgramInput,
  progress: Partial<ProgressState> | null | undefined,
  ctx: EngineContext,
): VisitResult {
  const current = normalizeProgress(progress);
  const type = programTypeOf(program.type);
  if (!isProgramInDate(program, ctx.localDate)) {
    return { next: current, rewardsIssued: 0, summary: { type, line: visitLine("notRunning") } };
  }
  return registry[type].apply(program, current, ctx);
}

/** How a customer's progress reads, e.g. "7/10 stamps", "Silver — 3 visits to Gold" (as a line to render).
 * Pass `localDate` so an expired challenge window shows 0. Rules that do not
 * validate fall back to a plain visit count rather than breaking the page. */
export function describeProgress(
  type: string,
  rules: unknown,
  progress: StoredProgressInput | null | undefined,
  localDate?: string,
): ProgressDescription {
  const current = normalizeProgress(progress);
  return (
    registry[programTypeOf(type)].describe(rules, current, localDate) ?? otherProgram.describe({}, current, localDate)
  );
}
export { pointsDebt } from "./points";
export {
  earnSpendPoints,
  MAX_PURCHASE_CENTS,
  MAX_RECEIPT_LENGTH,
  MAX_REWARDS_PER_PURCHASE,
  minorUnitDigits,
  pointsForAmount,
  pointsToTakeBack,
  spendRuleOf,
  takeBackSpendPoints,
  type SpendRule,
} from "./spend";
