// Points for what a customer spends (docs/purchases.md). Pure: amounts are
// integer minor units (cents for EUR) and every sum is integer arithmetic, so
// no amount is ever rounded through a float.
import { earnPoints, takeBackPoints } from "./points";
import { ruleSchemas, type PointsRules } from "./rules";
import type { ProgressState } from "./types";

/** The largest amount one purchase may carry: 1 000 000.00 in the business's currency. */
export const MAX_PURCHASE_CENTS = 100_000_000;
/** The longest receipt number kept: a till's numbers are far shorter. */
export const MAX_RECEIPT_LENGTH = 64;
/** The most rewards one purchase may issue (each is a mail and a push); a purchase that would issue more is refused whole. */
export const MAX_REWARDS_PER_PURCHASE = 10;

/** How many minor units a currency's unit has, as a power of ten (EUR 2: cents; JPY 0). */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The spend rule of a points program, as it stood when a purchase earned: kept with the purchase so a refund uses it. */
export type SpendRule = { pointsPerEuro: number; minimumCents: number; threshold: number };

/** A program's spend rule, or null when it gives nothing for spending (not points, 0 per euro, rules invalid). */
export function spendRuleOf(program: { type: string; rules: unknown }): SpendRule | null {
  if (program.type !== "points") return null;
  const parsed = ruleSchemas.points.safeParse(program.rules ?? {});
  if (!parsed.success) return null;
  const rules: PointsRules = parsed.data;
  if (rules.pointsPerEuro <= 0) return null;
  return { pointsPerEuro: rules.pointsPerEuro, minimumCents: rules.minimumCents, threshold: rules.threshold };
}

/**
 * The points an amount earns: `pointsPerEuro` per whole unit of the currency,
 * rounded down (9.99 € at 1 point per euro is 9 points), and nothing below the
 * minimum amount.
 */
export function pointsForAmount(
  rule: Pick<SpendRule, "pointsPerEuro" | "minimumCents">,
  amountCents: number,
  currency = "EUR",
): number {
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents < rule.minimumCents) return 0;
  return Math.floor((amountCents * rule.pointsPerEuro) / 10 ** minorUnitDigits(currency));
}

/**
 * The points a refund takes back: what the purchase earned for the amount it
 * kept before, less what it earns for what it keeps after. So two partial
 * refunds take back exactly what one refund of their sum would, the rounding
 * is never paid twice, and a purchase left under the minimum gives back all.
 */
export function pointsToTakeBack(
  rule: Pick<SpendRule, "pointsPerEuro" | "minimumCents">,
  amountCents: number,
  refundedBefore: number,
  refundedAfter: number,
  currency = "EUR",
): number {
  return (
    pointsForAmount(rule, amountCents - refundedBefore, currency) -
    pointsForAmount(rule, amountCents - refundedAfter, currency)
  );
}

/** A purchase's points added to a card: a debt is paid first, then one reward per threshold. */
export function earnSpendPoints(progress: ProgressState, rule: SpendRule, points: number) {
  return earnPoints(progress, rule.threshold, points);
}

/** A refund's points taken from a card: rewards issued stay, what the balance lacks becomes a debt. */
export function takeBackSpendPoints(progress: ProgressState, points: number): ProgressState {
  return takeBackPoints(progress, points);
}
