// The pure part of the "lapsed" suggestion (./typical-gap.ts): a gap between
// visits (in days, a high percentile of the business's gaps) rounded to a
// number an owner reads at a glance. Too few gaps say nothing about a
// business: then the usual month.

export const FALLBACK_LAPSED_DAYS = 30;
/** Fewer gaps than this (a new business, a handful of regulars): the fallback. */
export const MIN_GAPS = 20;
/** The percentile of gaps the suggestion starts from: most absences are shorter. */
export const GAP_PERCENTILE = 0.8;

const STEPS = [7, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365] as const;

export function suggestedDaysFromGap(gap: number | null, gaps: number): number {
  if (gap === null || !Number.isFinite(gap) || gaps < MIN_GAPS) return FALLBACK_LAPSED_DAYS;
  // The first step at or above the gap: an absence shorter than usual is not lapsing.
  return STEPS.find((step) => step >= gap) ?? 365;
}
