import "server-only";
import { z } from "zod";
import { inTransaction } from "@/lib/db/sql";
import { cardedMembershipsOf, getBusinessCardLook } from "@/lib/db/wallet-pass";
import { walletMembershipChanged } from "@/lib/jobs/events";
import { siteUrl } from "@/lib/site";
import { idString } from "@/lib/validation/text";
import { RestGoogleWalletApi, type GoogleWalletApi } from "@/lib/wallet/google/api";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { loyaltyClassFor } from "@/lib/wallet/google/objects";

// wallet.business-changed (lib/jobs/handlers.ts): what every card of a
// business shows changed (its name, logo or colours, its programs). Google's
// loyalty class is patched with the business's look, then each membership
// with a card in a wallet gets the same update a tap would queue, a batch per
// transaction. Safe to run twice: it sends what the business is now.

const jobSchema = z.object({ businessId: idString() });

/** Memberships brought up to date per transaction. */
export const BUSINESS_CARDS_BATCH = 200;

export async function refreshBusinessCards(
  data: unknown,
  api?: GoogleWalletApi,
): Promise<{ skipped: string } | { classPatched: boolean; memberships: number }> {
  const parsed = jobSchema.safeParse(data);
  if (!parsed.success) return { skipped: "malformed job data" };
  const { businessId } = parsed.data;
  const look = await getBusinessCardLook(businessId);
  if (!look) return { skipped: "business gone" };
  let classPatched = false;
  const google = googleWalletConfig();
  if (google) {
    const loyaltyClass = loyaltyClassFor(look, { issuerId: google.issuerId, siteUrl: siteUrl() });
    // No class yet: no card of this business was ever saved, and the first save carries the class.
    classPatched =
      (await (api ?? new RestGoogleWalletApi(google)).patchClass(loyaltyClass.id, loyaltyClass)) === "patched";
  }
  let memberships = 0;
  for (let after = ""; ;) {
    const batch = await cardedMembershipsOf(businessId, after, BUSINESS_CARDS_BATCH);
    if (batch.length === 0) break;
    await inTransaction(async (tx) => {
      for (const membershipId of batch) await walletMembershipChanged(tx, membershipId);
    });
    memberships += batch.length;
    after = batch.at(-1)!;
    if (batch.length < BUSINESS_CARDS_BATCH) break;
  }
  return { classPatched, memberships };
}
