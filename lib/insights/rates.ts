// Derived figures of the insights page.

/**
 * Visits by returning customers on a day: every visit but the first visits of
 * that day's new customers (each new customer's first visit is one visit of
 * the day it happened). Never below zero.
 */
export function returningVisits(visits: number, newCustomers: number): number {
  return Math.max(0, visits - newCustomers);
}

/**
 * Rewards redeemed in a period per reward issued in it, as a whole percentage
 * (half up); null when none was issued (no rate to speak of). It may exceed 100
 * when rewards issued before the period are redeemed in it.
 */
export function redemptionRate(issued: number, redeemed: number): number | null {
  if (issued <= 0) return null;
  return Math.round((redeemed / issued) * 100);
}

/** Column sums of a series. */
export function sumBy<T>(rows: readonly T[], pick: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + pick(row), 0);
}
