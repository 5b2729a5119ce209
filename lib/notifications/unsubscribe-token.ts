import { derivedKey, readToken, signToken } from "@/lib/signed-token";

// The unsubscribe link of a notification mail (docs/notifications.md): a token
// that names one account and one business (or "all", every mail), signed with
// HMAC-SHA256 under a key derived from AUTH_SECRET for this purpose only. It
// needs no log-in and no stored row, and it can only ever switch mails off (or
// back on) for the account it names: changing the account, the business or the
// purpose breaks the signature. It does not expire: a mail read a year later
// still unsubscribes, as mail providers expect of List-Unsubscribe.
// Pure (the key is a parameter): unit tests sign and read tokens directly.

export const UNSUBSCRIBE_PURPOSE = "mail-unsubscribe";
const KEY_INFO = "loyaltap/mail-unsubscribe/v1";
const VERSION = 1;

/** Whose mails, from which business ("all": every notification mail of the account). */
export type UnsubscribeScope = { userId: string; businessId: string | "all" };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
// Signed with the purpose in front of the payload, as every token mailed so far was.
const CONTEXT = `${UNSUBSCRIBE_PURPOSE}.`;

/** The signing key: HKDF-SHA256 of AUTH_SECRET with this purpose's label, so no other token's key signs it. */
export function unsubscribeKey(authSecret: string): Buffer {
  return derivedKey(authSecret, KEY_INFO);
}

export function signUnsubscribeToken(scope: UnsubscribeScope, key: Buffer): string {
  if (!ID.test(scope.userId) || !ID.test(scope.businessId)) throw new Error("an unsubscribe token names plain ids");
  return signToken({ v: VERSION, p: UNSUBSCRIBE_PURPOSE, u: scope.userId, b: scope.businessId }, key, CONTEXT);
}

/** The scope of a genuine token, or null for anything else (malformed, forged, altered, another purpose). */
export function readUnsubscribeToken(token: unknown, key: Buffer): UnsubscribeScope | null {
  const claims = readToken(token, key, CONTEXT);
  if (!claims || typeof claims !== "object") return null;
  const { v, p, u, b } = claims as Record<string, unknown>;
  if (v !== VERSION || p !== UNSUBSCRIBE_PURPOSE) return null;
  if (typeof u !== "string" || typeof b !== "string" || !ID.test(u) || !ID.test(b)) return null;
  return { userId: u, businessId: b };
}
