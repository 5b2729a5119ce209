// Tiers: cumulative visits decide the tier. Reaching a tier earns its reward
// once, ever: reached tier names are remembered in state so that an owner
// editing the thresholds never pays the same tier twice.
import type { Tier, TierRules } from "./rules";
import { progressLine, visitLine, type LineValues, type LoyaltyLine } from "./lines";
import { readStringList } from "./state";
import type { ProgramModule, ProgressDescription, ProgressState, VisitResult } from "./types";

const REACHED = "reachedTiers";

/** The highest tier whose threshold `visits` meets, and the one after it. */
export function tierFor(tiers: Tier[], visits: number): { current: Tier | null; next: Tier | null } {
  let index = -1;
  tiers.forEach((tier, i) => {
    if (visits >= tier.minVisits) index = i;
  });
  return { current: tiers[index] ?? null, next: tiers[index + 1] ?? null };
}

/**
 * "<tier>: 3 visits to Gold" after a visit, "<tier> — top tier" under a card:
 * `base` ("tier", "tierProgress") names the line with a next tier; the top tier
 * and a customer below every tier (rules edited under them) have their own.
 */
function tierLine(
  make: (key: string, values: LineValues) => LoyaltyLine,
  base: "tier" | "tierProgress",
  tier: string | null,
  upcoming: Tier | null,
  visits: number,
): LoyaltyLine {
  const key = upcoming ? base : "tierTop";
  const values: LineValues = upcoming ? { remaining: upcoming.minVisits - visits, next: upcoming.name } : {};
  return tier === null ? make(`${key}NoTier`, values) : make(key, { tier, ...values });
}

export function applyTier(rules: TierRules, progress: ProgressState): VisitResult {
  const total = progress.total + 1;
  const reached = new Set(readStringList(progress.state, REACHED));
  // Rows written before reachedTiers existed still know their tier.
  if (progress.tier) reached.add(progress.tier);

  // The starting tier (0 visits) is where everyone begins, not an achievement:
  // it is recorded but earns nothing, or every newcomer would get a reward.
  const newlyReached = rules.tiers.filter((tier) => tier.minVisits <= total && !reached.has(tier.name));
  const rewardsIssued = newlyReached.filter((tier) => tier.minVisits > 0).length;
  for (const tier of newlyReached) reached.add(tier.name);

  const { current, next: upcoming } = tierFor(rules.tiers, total);
  const next: ProgressState = {
    count: total,
    total,
    tier: current?.name ?? null,
    state: { ...progress.state, [REACHED]: [...reached] },
  };
  const earned = newlyReached.filter((tier) => tier.minVisits > 0).map((tier) => tier.name);
  const line: LoyaltyLine =
    earned.length > 0
      ? visitLine("tierReached", { tiers: earned.join(", ") })
      : tierLine(visitLine, "tierProgress", next.tier, upcoming, total);
  return {
    next,
    rewardsIssued,
    summary: { type: "tier", line, current: total, ...(upcoming ? { target: upcoming.minVisits } : {}) },
  };
}

export function describeTier(rules: TierRules, progress: ProgressState): ProgressDescription {
  const { current, next } = tierFor(rules.tiers, progress.total);
  const line = tierLine(progressLine, "tier", current?.name ?? null, next, progress.total);
  return { current: progress.total, target: next ? next.minVisits : null, line };
}

export const tierProgram: ProgramModule<TierRules> = {
  type: "tier",
  apply: (rules, progress) => applyTier(rules, progress),
  describe: describeTier,
};
