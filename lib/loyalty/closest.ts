// What a returning customer wants first: the programs where a reward is
// nearest. Only programs with something to count towards (a target) qualify;
// nearer means fewer steps left, then a larger share of the card already done.
import type { ProgressDescription } from "./types";

export type ProgressEntry = { progress: ProgressDescription };

/** Steps left before the next reward, or null where the program counts towards nothing. */
export function stepsToReward(progress: ProgressDescription): number | null {
  if (progress.target === null || progress.target <= 0) return null;
  return Math.max(0, progress.target - progress.current);
}

/** Up to `limit` entries, nearest reward first; programs with no target are left out. */
export function closestToReward<T extends ProgressEntry>(entries: T[], limit: number): T[] {
  const counted = entries
    .map((entry) => ({ entry, steps: stepsToReward(entry.progress) }))
    .filter((x): x is { entry: T; steps: number } => x.steps !== null);
  counted.sort((a, b) => {
    if (a.steps !== b.steps) return a.steps - b.steps;
    const share = (x: T) => x.progress.current / (x.progress.target ?? 1);
    return share(b.entry) - share(a.entry);
  });
  return counted.slice(0, limit).map((x) => x.entry);
}
