import "server-only";
import { authSecret } from "@/lib/auth/cookies";
import { siteUrl } from "@/lib/site";
import {
  readUnsubscribeToken,
  signUnsubscribeToken,
  unsubscribeKey,
  type UnsubscribeScope,
} from "@/lib/notifications/unsubscribe-token";

// The deployment's unsubscribe tokens (./unsubscribe-token.ts) and the links
// that carry them: the page a reader opens (/unsubscribe, one click confirms)
// and the RFC 8058 one-click address mail programs POST to (/api/unsubscribe).

let cached: { secret: string; key: Buffer } | null = null;

function key(): Buffer {
  const secret = authSecret();
  if (cached?.secret !== secret) cached = { secret, key: unsubscribeKey(secret) };
  return cached.key;
}

export function unsubscribeToken(scope: UnsubscribeScope): string {
  return signUnsubscribeToken(scope, key());
}

/** The scope of a genuine token of this deployment, or null. */
export function readToken(token: unknown): UnsubscribeScope | null {
  return readUnsubscribeToken(token, key());
}

export type UnsubscribeLinks = {
  /** The page: shows what stops, one click confirms. */
  page: string;
  /** The one-click POST address (List-Unsubscribe). */
  oneClick: string;
};

export function unsubscribeLinks(scope: UnsubscribeScope): UnsubscribeLinks {
  const token = encodeURIComponent(unsubscribeToken(scope));
  return { page: `${siteUrl()}/unsubscribe?token=${token}`, oneClick: `${siteUrl()}/api/unsubscribe?token=${token}` };
}

/** The headers that let a mail program offer its own "unsubscribe" button (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
