import "server-only";
import { visitGapPercentile } from "@/lib/db/segments";
import { GAP_PERCENTILE, suggestedDaysFromGap } from "@/lib/campaigns/typical-gap-rule";

// The "lapsed" suggestion (docs/campaigns.md, "Segments"): how long this
// business's regulars usually stay away between visits, so "no visit in N
// days" starts where an absence becomes unusual for them, not at a number
// that suits another trade.

/** The business's suggested "no visit in N days", from its past year of visits (30 when too few). */
export async function suggestedLapsedDays(businessId: string, now = new Date()): Promise<number> {
  const { gap, gaps } = await visitGapPercentile(businessId, now, GAP_PERCENTILE);
  return suggestedDaysFromGap(gap, gaps);
}
