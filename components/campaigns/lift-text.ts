import { message, type Message } from "@/lib/i18n/message";

// The owner's one-line reading of a window's extra visits (docs/campaigns.md,
// "The extra visits it caused"). Pure, so the rule is tested apart from the page.

export type ExtraVisits = { estimate: number; low: number; high: number };

/**
 * "Not enough data yet" while the engine says so or the 95% interval still
 * reaches past zero (it is wider than the effect); otherwise about N extra
 * (or fewer) visits, with the interval, in whole visits.
 */
export function liftMessage(extra: ExtraVisits | null, enoughData: boolean): Message {
  if (!extra) return message("campaigns.results.notEnough");
  const crossesZero = extra.low <= 0 && extra.high >= 0;
  if (!enoughData || crossesZero) return message("campaigns.results.notEnough");
  if (extra.estimate > 0)
    return message("campaigns.results.broughtBack", {
      estimate: Math.round(extra.estimate),
      low: Math.round(extra.low),
      high: Math.round(extra.high),
    });
  // Fewer visits than the held out: said as plainly, the interval as positive counts.
  return message("campaigns.results.fewer", {
    estimate: Math.round(-extra.estimate),
    low: Math.round(-extra.high),
    high: Math.round(-extra.low),
  });
}
