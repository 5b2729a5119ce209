// The links of a campaign's message (docs/campaigns.md, "Tracking" and
// "Consent"): the mail's open pixel, the click redirect and the marketing
// unsubscribe. Each carries a token naming one recipient row (or one account
// and business, for the unsubscribe) and what it may do, signed with
// HMAC-SHA256 under a key derived from AUTH_SECRET for these links only, so a
// token can neither be forged nor turned into another purpose, and the
// notification mails' tokens (lib/notifications/unsubscribe-token.ts) never
// stop marketing, nor these the notification mails. Pure: the key is a parameter.
import { derivedKey, readToken, signToken } from "@/lib/signed-token";

const KEY_INFO = "loyaltap/campaign-links/v1";

export type CampaignLink =
  | { purpose: "open"; recipientId: string }
  | { purpose: "click"; recipientId: string }
  | { purpose: "marketing-unsubscribe"; userId: string; businessId: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function campaignLinkKey(authSecret: string): Buffer {
  return derivedKey(authSecret, KEY_INFO);
}

export function signCampaignLink(link: CampaignLink, key: Buffer): string {
  const ids = link.purpose === "marketing-unsubscribe" ? [link.userId, link.businessId] : [link.recipientId];
  if (!ids.every((id) => ID.test(id))) throw new Error("a campaign link names plain ids");
  return signToken({ p: link.purpose, i: ids }, key);
}

/** The link a genuine token of `purpose` names, or null (malformed, forged, altered, another purpose). */
export function readCampaignLink<P extends CampaignLink["purpose"]>(
  token: unknown,
  purpose: P,
  key: Buffer,
): Extract<CampaignLink, { purpose: P }> | null {
  const claims = readToken(token, key);
  const { p, i } = (claims ?? {}) as { p?: unknown; i?: unknown };
  if (p !== purpose || !Array.isArray(i) || !i.every((id) => typeof id === "string" && ID.test(id))) return null;
  if (purpose === "marketing-unsubscribe")
    return i.length === 2
      ? ({ purpose, userId: i[0], businessId: i[1] } as Extract<CampaignLink, { purpose: P }>)
      : null;
  return i.length === 1 ? ({ purpose, recipientId: i[0] } as Extract<CampaignLink, { purpose: P }>) : null;
}
