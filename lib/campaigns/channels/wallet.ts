import "server-only";
import { inTransaction } from "@/lib/db/sql";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { walletMembershipChanged } from "@/lib/jobs/events";
import type { CampaignMessage } from "@/lib/campaigns/message";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { RestGoogleWalletApi, type GoogleWalletApi } from "@/lib/wallet/google/api";
import { googleWalletConfig } from "@/lib/wallet/google/config";

// The wallet channel (docs/campaigns.md, "Channels"). Google Wallet: the
// message is added to the card's loyalty object (TEXT_AND_NOTIFY: on the card
// and as a notification), under the recipient's id, so a second try of the
// same recipient is refused by Google as a duplicate rather than shown twice.
// Apple Wallet: the pass gets the message as a back field with a
// changeMessage, its version is bumped and its devices are pushed
// (wallet.apple-update); Wallet fetches the pass and shows the change on the
// lock screen. Neither wallet tells us whether the message was read.

export type WalletTarget = { membershipId: string; googleObjectId: string | null; applePassIds: string[] };

export function walletReachable(target: WalletTarget): boolean {
  return (
    (target.googleObjectId !== null && googleWalletConfig() !== null) ||
    (target.applePassIds.length > 0 && appleWalletConfig() !== null)
  );
}

let testApi: GoogleWalletApi | null = null;
/** Tests hand in their own client; null goes back to the REST client. */
export function setCampaignWalletApi(api: GoogleWalletApi | null) {
  testApi = api;
}

/** "sent" when a wallet took the message, "none" when neither could. */
export async function sendCampaignWallet(
  target: WalletTarget,
  message: CampaignMessage,
  recipientId: string,
): Promise<"sent" | "none"> {
  let sent = false;
  const google = googleWalletConfig();
  if (google && target.googleObjectId) {
    const api = testApi ?? new RestGoogleWalletApi(google);
    const result = await api.addMessage(target.googleObjectId, {
      id: `campaign-${recipientId}`,
      header: message.wallet.header,
      body: message.wallet.text,
      messageType: "TEXT_AND_NOTIFY",
    });
    if (result !== "not_found") sent = true;
  }
  if (appleWalletConfig() && target.applePassIds.length > 0) {
    // The pass reads the message from the recipient's row (channel WALLET), set before this.
    await jobQueueReady();
    await inTransaction((tx) => walletMembershipChanged(tx, target.membershipId));
    sent = true;
  }
  return sent ? "sent" : "none";
}
