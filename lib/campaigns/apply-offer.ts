import "server-only";
import { writeCampaignOffer, type OfferOutcome } from "@/lib/db/campaign-offers";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { announceCardChange } from "@/lib/jobs/events";

// A campaign's offer, given to one messaged recipient through the loyalty
// engine: in one transaction with the recipient's row, exactly once
// (docs/campaigns.md, "Offers"; the transaction is lib/db/campaign-offers.ts).

export type { OfferOutcome, OfferRefusal, OfferSkip } from "@/lib/db/campaign-offers";

/**
 * Gives the recipient's offer, once; a second call (a retry, another worker)
 * applies nothing. A held-out recipient, a campaign without an offer, or an
 * offer that no longer fits the card (its program ended, not adjustable)
 * gets nothing, with the reason. Call it outside any transaction that holds
 * the recipient's row: it takes that row's lock in its own transaction.
 */
export async function applyCampaignOffer(recipientId: string, now: Date = new Date()): Promise<OfferOutcome> {
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  return writeCampaignOffer(recipientId, announceCardChange, now);
}
