// The links of a campaign's message (docs/campaigns.md, "Tracking" and
// "Consent"): the mail's open pixel, the click redirect and the marketing
// unsubscribe. Each carries a token naming one recipient row (or one account
// and business, for the unsubscribe) and what it may do, signed with
// HMAC-SHA256 under a key derived from AUTH_SECRET for these links only, so a
// token can neither be forged nor turned into another purpose, and the
// notification mails' tokens (lib/notifications/unsubscribe-token.ts) never
// stop marketing, nor these the notification mails. Pure: the key is a parameter.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

const KEY_INFO = "loyaltap/campaign-links/v1";

export type CampaignLink =
  | { purpose: "open"; recipientId: string }
  | { purpose: "click"; recipientId: string }
  | { purpose: "marketing-unsubscribe"; userId: string; businessId: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TOKEN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/;

export function campaignLinkKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), KEY_INFO, 32));
}

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

export function signCampaignLink(link: CampaignLink, key: Buffer): string {
  const ids = link.purpose === "marketing-unsubscribe" ? [link.userId, link.businessId] : [link.recipientId];
  if (!ids.every((id) => ID.test(id))) throw new Error("a campaign link names plain ids");
  const payload = Buffer.from(JSON.stringify({ p: link.purpose, i: ids })).toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

/** The link a genuine token of `purpose` names, or null (malformed, forged, altered, another purpose). */
export function readCampaignLink<P extends CampaignLink["purpose"]>(
  token: unknown,
  purpose: P,
  key: Buffer,
): Extract<CampaignLink, { purpose: P }> | null {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const [payload, signature] = token.split(".") as [string, string];
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { p, i } = (claims ?? {}) as { p?: unknown; i?: unknown };
  if (p !== purpose || !Array.isArray(i) || !i.every((id) => typeof id === "string" && ID.test(id))) return null;
  if (purpose === "marketing-unsubscribe")
    return i.length === 2
      ? ({ purpose, userId: i[0], businessId: i[1] } as Extract<CampaignLink, { purpose: P }>)
      : null;
  return i.length === 1 ? ({ purpose, recipientId: i[0] } as Extract<CampaignLink, { purpose: P }>) : null;
}
