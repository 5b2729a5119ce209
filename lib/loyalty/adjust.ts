// Manual adjustments (docs/owner-tools.md, "Adjustments"): the owner adds or
// takes away what a program counts — stamps, points or visits — with a reason.
// Pure: the database layer (lib/db/adjustments.ts) locks the progress, calls
// this, stores `next`, and issues `rewardsIssued` rewards through the visit's
// own code.
//
// Rules:
// - Only stamps, points and visits programs count something an owner can
//   sensibly correct; tiers, birthdays, challenges, games and the rest derive
//   their state from dates and visits, so they are not adjustable.
// - Adding behaves exactly as that many taps would: a stamp or visit card that
//   reaches its goal issues one reward and starts over (marks past the goal are
//   not carried, as with taps, so +12 on 9/10 issues two rewards and leaves 1);
//   points carry over and issue one reward per threshold.
// - Taking away never goes below zero and never takes back a reward already issued.
// - One adjustment issues at most MAX_REWARDS_PER_ADJUSTMENT rewards (each is a
//   mail and a push to the customer); one that would issue more is refused
//   whole. A business makes at most ADJUSTMENTS_PER_WINDOW adjustments per
//   ADJUSTMENT_WINDOW_MS, counted by lib/db/adjustments.ts in the database.
import { punchCard } from "./card";
import { earnPoints } from "./points";
import { ruleSchemas, type PointsRules, type StampsRules, type VisitsRules } from "./rules";
import { normalizeProgress } from "./state";
import type { ProgressState } from "./types";

export const ADJUSTABLE_TYPES = ["stamps", "points", "visits"] as const;
export type AdjustableType = (typeof ADJUSTABLE_TYPES)[number];

/** The largest change one adjustment may make, either way. */
export const MAX_ADJUSTMENT = 1000;
/** The most rewards one adjustment may issue. */
export const MAX_REWARDS_PER_ADJUSTMENT = 10;
/** Adjustments one business may make per window (an hour). */
export const ADJUSTMENTS_PER_WINDOW = 30;
export const ADJUSTMENT_WINDOW_MS = 60 * 60 * 1000;

export function isAdjustableType(type: string): type is AdjustableType {
  return (ADJUSTABLE_TYPES as readonly string[]).includes(type);
}

export type AdjustmentRefusal = "not_adjustable" | "bad_delta" | "invalid_rules" | "too_many_rewards";

export type AdjustmentResult =
  | {
      ok: true;
      next: ProgressState;
      rewardsIssued: number;
      /** The change actually applied to the counter's history: a removal stops at zero. */
      applied: number;
    }
  | { ok: false; reason: AdjustmentRefusal };

/** A valid delta: a whole number, not zero, at most MAX_ADJUSTMENT either way. */
export function isValidDelta(delta: number): boolean {
  return Number.isInteger(delta) && delta !== 0 && Math.abs(delta) <= MAX_ADJUSTMENT;
}

function addToCard(before: ProgressState, required: number, delta: number) {
  let next = before;
  let rewardsIssued = 0;
  for (let i = 0; i < delta; i++) {
    const step = punchCard(next, required);
    next = step.next;
    rewardsIssued += step.rewardsIssued;
  }
  return { next, rewardsIssued };
}

/** Points added by hand count as earned ones: a refund's debt is paid first (lib/loyalty/points.ts). */
function addPoints(before: ProgressState, rules: PointsRules, delta: number) {
  return earnPoints(before, rules.threshold, delta);
}

function takeAway(before: ProgressState, delta: number): { next: ProgressState; applied: number } {
  const removed = Math.min(before.count, -delta);
  return {
    next: { ...before, count: before.count - removed, total: Math.max(0, before.total - removed) },
    applied: removed === 0 ? 0 : -removed,
  };
}

type RulesOf = { stamps: StampsRules; points: PointsRules; visits: VisitsRules };

function parseRules<T extends AdjustableType>(type: T, rules: unknown): RulesOf[T] | null {
  const parsed = ruleSchemas[type].safeParse(rules ?? {});
  return parsed.success ? (parsed.data as RulesOf[T]) : null;
}

/** Applies an owner's adjustment of `delta` to a customer's progress in a program of `type`. */
export function applyAdjustment(
  program: { type: string; rules: unknown },
  before: Partial<ProgressState> | null | undefined,
  delta: number,
): AdjustmentResult {
  const result = computeAdjustment(program, before, delta);
  if (result.ok && result.rewardsIssued > MAX_REWARDS_PER_ADJUSTMENT) return { ok: false, reason: "too_many_rewards" };
  return result;
}

function computeAdjustment(
  program: { type: string; rules: unknown },
  before: Partial<ProgressState> | null | undefined,
  delta: number,
): AdjustmentResult {
  const { type } = program;
  if (!isAdjustableType(type)) return { ok: false, reason: "not_adjustable" };
  if (!isValidDelta(delta)) return { ok: false, reason: "bad_delta" };
  const current = normalizeProgress(before);
  if (delta < 0) return { ok: true, rewardsIssued: 0, ...takeAway(current, delta) };
  if (type === "points") {
    const rules = parseRules("points", program.rules);
    if (!rules) return { ok: false, reason: "invalid_rules" };
    return { ok: true, applied: delta, ...addPoints(current, rules, delta) };
  }
  const rules = type === "stamps" ? parseRules("stamps", program.rules) : parseRules("visits", program.rules);
  if (!rules) return { ok: false, reason: "invalid_rules" };
  const required = "stampsRequired" in rules ? rules.stampsRequired : rules.visitsRequired;
  return { ok: true, applied: delta, ...addToCard(current, required, delta) };
}
