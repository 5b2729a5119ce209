// The lift of a campaign (docs/campaigns.md, "The extra visits it caused"):
// what the members it was for did, against the control group held out of it,
// with 95% intervals. Pure arithmetic on counts the database sums.
//
// - Return rates (share who came back at least once): Newcombe's hybrid score
//   interval for a difference of proportions (Newcombe 1998, method 10), built
//   from each group's Wilson interval. The simple Wald interval is too narrow
//   with a small control group or rates near 0 or 1 (it can even have zero
//   width when nobody came back), which is exactly where owners look; the
//   hybrid one keeps close to 95% coverage there and stays within -1..1.
// - Visits per member: a difference of means with the normal approximation to
//   Welch's interval (each group's own variance; no equal-variance pooling),
//   fair once each group has MIN_GROUP_SIZE members.
// - Extra visits: the difference in visits per member times the members the
//   campaign was for, its interval scaled the same way (that number of
//   members is fixed, not estimated).

/** The 97.5th percentile of the standard normal: a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * Fewest members in each group before a result counts: below it the normal
 * approximation behind the visits interval is not trustworthy (visit counts
 * are skewed), whatever the interval says.
 */
export const MIN_GROUP_SIZE = 30;

export type Interval = { estimate: number; low: number; high: number };

/** Wilson's score interval for `successes` of `n` (n > 0). */
export function wilsonInterval(successes: number, n: number, z = Z_95): { low: number; high: number } {
  const z2 = z * z;
  const center = (successes + z2 / 2) / (n + z2);
  const half = (z * Math.sqrt((successes * (n - successes)) / n + z2 / 4)) / (n + z2);
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/**
 * p1 − p2 for x1 of n1 against x2 of n2, with Newcombe's hybrid score interval;
 * null when a group is empty.
 */
export function twoProportionDifference(x1: number, n1: number, x2: number, n2: number, z = Z_95): Interval | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const w1 = wilsonInterval(x1, n1, z);
  const w2 = wilsonInterval(x2, n2, z);
  const estimate = p1 - p2;
  return {
    estimate,
    low: estimate - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: estimate + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
  };
}

/** A group's per-member counts as the database sums them: members, Σ count, Σ count². */
export type CountSummary = { n: number; sum: number; sumOfSquares: number };

/** The mean per member; null for an empty group. */
export function meanOf(group: CountSummary): number | null {
  return group.n > 0 ? group.sum / group.n : null;
}

/** The sample variance (n − 1); needs two members. */
function varianceOf(group: CountSummary): number {
  const mean = group.sum / group.n;
  // Σx² − n·mean², clamped: rounding can leave a hair below zero when all counts are equal.
  return Math.max(0, (group.sumOfSquares - group.n * mean * mean) / (group.n - 1));
}

/**
 * mean(a) − mean(b) with the normal approximation to Welch's interval
 * (standard error √(s²a/na + s²b/nb)); null unless each group has two members.
 */
export function differenceOfMeans(a: CountSummary, b: CountSummary, z = Z_95): Interval | null {
  if (a.n < 2 || b.n < 2) return null;
  const estimate = a.sum / a.n - b.sum / b.n;
  const half = z * Math.sqrt(varianceOf(a) / a.n + varianceOf(b) / b.n);
  return { estimate, low: estimate - half, high: estimate + half };
}

/** Extra visits: the per-member difference over `members` members (the messaged group). */
export function scaleInterval(interval: Interval, members: number): Interval {
  return { estimate: interval.estimate * members, low: interval.low * members, high: interval.high * members };
}

/**
 * Whether a result is worth telling as one: each group has MIN_GROUP_SIZE
 * members and the 95% interval excludes zero (it is narrower than the effect:
 * for the symmetric visits interval, half-width < |estimate|). Otherwise it is
 * "not enough data yet": a campaign that truly changed nothing stays there
 * however long it runs, so the wording must not say "no effect".
 */
export function isEnoughData(interval: Interval | null, members: number, heldOut: number): boolean {
  if (!interval || members < MIN_GROUP_SIZE || heldOut < MIN_GROUP_SIZE) return false;
  return interval.low > 0 || interval.high < 0;
}
