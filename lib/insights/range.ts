// The insights page's ranges: the last 30, 90 or 365 local days, today included.

export const INSIGHT_RANGES = [30, 90, 365] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const DEFAULT_RANGE: InsightRange = 30;

/** The range a `?range=` value names (a repeated parameter: its first); 30 days for anything else. */
export function parseRange(value: string | string[] | undefined): InsightRange {
  const first = Array.isArray(value) ? value[0] : value;
  const found = INSIGHT_RANGES.find((range) => String(range) === first);
  return found ?? DEFAULT_RANGE;
}
