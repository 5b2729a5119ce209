import "server-only";
import { authSecret } from "@/lib/auth/cookies";
import { siteUrl } from "@/lib/site";
import { campaignLinkKey, readCampaignLink, signCampaignLink, type CampaignLink } from "@/lib/campaigns/tracking-token";

// The deployment's campaign links (./tracking-token.ts): absolute addresses
// for mails, and the relative click path a push notification opens.

let cached: { secret: string; key: Buffer } | null = null;
function key(): Buffer {
  const secret = authSecret();
  if (cached?.secret !== secret) cached = { secret, key: campaignLinkKey(secret) };
  return cached.key;
}

export function readLink<P extends CampaignLink["purpose"]>(token: unknown, purpose: P) {
  return readCampaignLink(token, purpose, key());
}

const tokenOf = (link: CampaignLink) => encodeURIComponent(signCampaignLink(link, key()));

export type RecipientLinks = { open: string; click: string; clickPath: string; unsubscribe: string };

/** The links of one recipient's message. */
export function recipientLinks(recipient: { id: string; userId: string; businessId: string }): RecipientLinks {
  const clickPath = `/api/campaigns/click?t=${tokenOf({ purpose: "click", recipientId: recipient.id })}`;
  return {
    open: `${siteUrl()}/api/campaigns/open?t=${tokenOf({ purpose: "open", recipientId: recipient.id })}`,
    click: `${siteUrl()}${clickPath}`,
    clickPath,
    unsubscribe: marketingUnsubscribeUrl(recipient.userId, recipient.businessId),
  };
}

/** The page (GET: a confirm button) and one-click address (POST, RFC 8058) that withdraw the consent. */
export function marketingUnsubscribeUrl(userId: string, businessId: string): string {
  return `${siteUrl()}/api/campaigns/unsubscribe?t=${tokenOf({ purpose: "marketing-unsubscribe", userId, businessId })}`;
}
