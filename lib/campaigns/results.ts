import "server-only";
// PLACEHOLDER (composer branch): the `offers` engineer owns this file; dropped at merge.

export type Interval = { estimate: number; low: number; high: number };
export type GroupNumbers = { members: number; returned: number; visits: number };
export type ResultWindow = {
  days: 7 | 14 | 30;
  messaged: GroupNumbers;
  heldOut: GroupNumbers;
  returnRate: { messaged: number; heldOut: number; difference: Interval };
  visitsPerMember: { messaged: number; heldOut: number; difference: Interval };
  extraVisits: Interval;
  enoughData: boolean;
};
export type CampaignResults = { windows: ResultWindow[]; offerRedemptions: number };

export async function campaignResults(campaignId: string, now: Date = new Date()): Promise<CampaignResults> {
  void campaignId;
  void now;
  const window = (days: 7 | 14 | 30, scale: number): ResultWindow => ({
    days,
    messaged: { members: 180, returned: Math.round(54 * scale), visits: Math.round(81 * scale) },
    heldOut: { members: 20, returned: Math.round(4 * scale), visits: Math.round(5 * scale) },
    returnRate: {
      messaged: 0.3 * scale,
      heldOut: 0.2 * scale,
      difference: { estimate: 0.1 * scale, low: 0.1 * scale - 0.19, high: 0.1 * scale + 0.19 },
    },
    visitsPerMember: {
      messaged: 0.45 * scale,
      heldOut: 0.25 * scale,
      difference: { estimate: 0.2 * scale, low: 0.2 * scale - 0.15, high: 0.2 * scale + 0.15 },
    },
    extraVisits: { estimate: 36 * scale, low: 36 * scale - 27, high: 36 * scale + 27 },
    enoughData: days !== 7,
  });
  return { windows: [window(7, 0.5), window(14, 0.8), window(30, 1)], offerRedemptions: 7 };
}
