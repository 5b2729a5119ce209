// What a program offers, in the engine's own words: the rule and the reward
// ("Collect 10 stamps → Free coffee") as a descriptor of the `programs.offer`
// catalog. Every number it names is read from the same parsed rules the visit
// rules run on, so the card a customer reads cannot promise other than what a
// tap does (tests/unit/loyalty-offer.test.ts ties the two together).
import { offerLine, type LoyaltyLine } from "./lines";
import { programTypeOf, ruleSchemas, type RulesByType, type Tier } from "./rules";

type Offers = { [K in keyof RulesByType]: (rules: RulesByType[K], reward: string) => LoyaltyLine };

/** The tiers past the starting one, as the line names them (first, and the top one when there are more). */
function tierOffer(tiers: Tier[], reward: string): LoyaltyLine {
  const upper = tiers.slice(1);
  const first = upper[0];
  const top = upper[upper.length - 1];
  if (!first || !top) return offerLine("tierJoin", { reward });
  if (upper.length === 1) return offerLine("tierOne", { tier: first.name, visits: first.minVisits, reward });
  return offerLine(upper.length === 2 ? "tierTwo" : "tierMany", {
    tier: first.name,
    visits: first.minVisits,
    top: top.name,
    topVisits: top.minVisits,
    reward,
  });
}

const offers: Offers = {
  stamps: (r, reward) => offerLine("stamps", { stamps: r.stampsRequired, reward }),
  "time-limited": (r, reward) => offerLine("timeLimited", { stamps: r.stampsRequired, reward }),
  points: (r, reward) => {
    const threshold = r.threshold;
    if (r.pointsPerEuro === 0) return offerLine("points", { perVisit: r.pointsPerVisit, threshold, reward });
    if (r.pointsPerVisit === 0) return offerLine("pointsSpend", { perEuro: r.pointsPerEuro, threshold, reward });
    return offerLine("pointsBoth", { perVisit: r.pointsPerVisit, perEuro: r.pointsPerEuro, threshold, reward });
  },
  visits: (r, reward) => offerLine("visits", { visits: r.visitsRequired, reward }),
  tier: (r, reward) => tierOffer(r.tiers, reward),
  referral: (r, reward) => offerLine(r.welcomeReward ? "referralBoth" : "referral", { reward }),
  birthday: (r, reward) =>
    r.windowDays === 0
      ? offerLine("birthdayOnTheDay", { reward })
      : offerLine("birthdayWithin", { days: r.windowDays, reward }),
  anniversary: (_r, reward) => offerLine("anniversary", { reward }),
  challenge: (r, reward) => offerLine("challenge", { visits: r.visitsRequired, days: r.withinDays, reward }),
  // Whole percent as the owner typed it; the engine draws against winChance itself.
  gamified: (r, reward) => offerLine("gamified", { percent: Math.round(r.winChance * 10000) / 100, reward }),
  other: () => offerLine("other"),
};

function offerFor<K extends keyof RulesByType>(type: K, rules: RulesByType[K], reward: string): LoyaltyLine {
  return offers[type](rules, reward);
}

/**
 * What `type` with these stored rules offers, naming `reward`. Rules that do
 * not validate (a form half typed, a hand-edited row) have no offer: null,
 * rather than a line that might promise what the visit rules would refuse.
 */
export function describeOffer(type: string, rules: unknown, reward: string): LoyaltyLine | null {
  const kind = programTypeOf(type);
  const parsed = ruleSchemas[kind].safeParse(rules ?? {});
  if (!parsed.success) return null;
  return offerFor(kind, parsed.data as RulesByType[typeof kind], reward);
}
