import "server-only";

/**
 * A tag's prior week as the burst rule reads it (its visits in the week before
 * the last hour and the first of them: lib/review/rules.ts, usualHourlyRate),
 * remembered per process for a few minutes. On a busy tag that week is
 * thousands of index entries, and counting them on every tap cost the visit
 * statement more than all of its writes; a week's average moves by nothing
 * the rule could see in that time (docs/review-queue.md, "The tap's cost").
 */
export type PriorWeek = { n: number; first: Date | null };

/** How long a tag's counted week is used for its next taps. */
export const PRIOR_WEEK_KEPT_MS = 10 * 60_000;
/** Tags remembered at most (the oldest counted goes first). */
const MAX_TAGS = 10_000;

const kept = new Map<string, PriorWeek & { at: number }>();

/**
 * The week counted for `tagId` at a time within PRIOR_WEEK_KEPT_MS of `now`,
 * either side: a visit recorded at another time (an approved held visit, a
 * test's clock) counts its own.
 */
export function keptPriorWeek(tagId: string, now: Date): PriorWeek | null {
  const entry = kept.get(tagId);
  if (!entry || Math.abs(now.getTime() - entry.at) > PRIOR_WEEK_KEPT_MS) return null;
  return { n: entry.n, first: entry.first };
}

export function keepPriorWeek(tagId: string, now: Date, week: PriorWeek): void {
  kept.delete(tagId);
  if (kept.size >= MAX_TAGS) kept.delete(kept.keys().next().value!);
  kept.set(tagId, { ...week, at: now.getTime() });
}
