// Shared shapes of the loyalty rules. Everything here is plain data so the
// rules stay pure: the engine loads rows, calls a rule, and stores the result.
import type { LoyaltyLine } from "./lines";

/** A customer's progress in one program (mirrors the Progress row). */
export type ProgressState = {
  /** The counter shown to the customer, e.g. stamps on the card. */
  count: number;
  /** Cumulative visits (or points, for points programs) ever. */
  total: number;
  /** Current tier name, for tier programs; null elsewhere. */
  tier: string | null;
  /** Type-specific JSON, e.g. last birthday year, challenge window start. */
  state: Record<string, unknown>;
};

/** Everything a rule may depend on besides the progress itself. The clock and
 * the RNG are inputs so every outcome is reproducible in tests. */
export type VisitContext = {
  now: Date;
  /** YYYY-MM-DD in the business's timezone: "today" for the café. */
  localDate: string;
  /** The customer's first recorded visit at this business. */
  isFirstVisit: boolean;
  membershipLinkedAt: Date;
  /** YYYY-MM-DD, or null when the customer has not told us. */
  birthday: string | null;
  /** Uniform in [0, 1). */
  random: () => number;
};

/** Referral programs also need to know who invited the customer. */
export type EngineContext = VisitContext & { referrerId?: string | null };

/** The part of a Program row the rules need. `rules` is the raw JSON column. */
export type ProgramInput = {
  type: string;
  rules: unknown;
  startDate: Date | null;
  endDate: Date | null;
};

/** A program's optional date range (both ends inclusive, calendar days). */
export type ProgramDates = Pick<ProgramInput, "startDate" | "endDate">;

export type VisitSummary = {
  type: string;
  /** The line shown after the visit, rendered in the reader's language. */
  line: LoyaltyLine;
  current?: number;
  target?: number;
};

export type VisitResult = {
  next: ProgressState;
  /** Rewards for this customer; >1 only where the rules allow it (points). */
  rewardsIssued: number;
  /** Referral programs only: rewards owed to the customer who invited this one. */
  referrerRewards?: number;
  summary: VisitSummary;
};

export type ProgressDescription = {
  current: number;
  /** null where there is nothing to count towards (e.g. birthday, top tier). */
  target: number | null;
  /** How the progress reads ("7/10 stamps"), rendered in the reader's language. */
  line: LoyaltyLine;
};

/** One program type: its rule and how its progress reads to a customer. */
export type ProgramModule<R> = {
  type: string;
  apply: (rules: R, progress: ProgressState, ctx: EngineContext, program: ProgramDates) => VisitResult;
  describe: (rules: R, progress: ProgressState, localDate?: string) => ProgressDescription;
};
