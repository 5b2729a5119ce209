import "server-only";
import { saveBusinessProfile } from "@/lib/db/businesses";
import { followSoleLocation } from "@/lib/db/locations";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletBusinessChanged } from "@/lib/jobs/events";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";

/**
 * The owner's edit of the public card (lib/db/businesses.ts,
 * saveBusinessProfile). The cards in customers' wallets show the business's
 * name, logo and colours: their update is queued in the edit's transaction.
 * A business with one location keeps it at its own address and time zone, in
 * the same transaction (docs/locations.md, "The owner's page").
 * Null, and nothing changed, unless `ownerId` owns the business.
 */
export async function updateBusinessProfile(ownerId: string, businessId: string, data: BusinessProfileUpdateInput) {
  // The queue starts before the transaction, never inside it (lib/jobs/enqueue.ts).
  await jobQueueReady();
  return saveBusinessProfile(ownerId, businessId, data, async (tx, id) => {
    await followSoleLocation(tx, id);
    await walletBusinessChanged(id, tx);
  });
}
