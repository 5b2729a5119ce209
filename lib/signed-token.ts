// Signed tokens for links that need no log-in (docs/notifications.md,
// "Unsubscribing"; docs/campaigns.md, "Tracking"): a base64url JSON payload and
// its HMAC-SHA256, under a key derived from AUTH_SECRET by HKDF with a label of
// each link's own, so one kind of link can never be passed off as another.
// Pure: each caller keeps its own claims and checks them.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

const TOKEN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/;

/** A 32-byte key for one kind of link: HKDF-SHA256 of AUTH_SECRET with that kind's label. */
export function derivedKey(authSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), label, 32));
}

/** `context` is signed with the payload but not carried in it (a purpose the link's reader knows). */
function mac(key: Buffer, payload: string, context: string): string {
  return createHmac("sha256", key).update(`${context}${payload}`).digest("base64url");
}

export function signToken(claims: object, key: Buffer, context = ""): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${mac(key, payload, context)}`;
}

/** The claims of a genuine token, or null for anything malformed, forged or altered. */
export function readToken(token: unknown, key: Buffer, context = ""): unknown {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const [payload, signature] = token.split(".") as [string, string];
  // Compared as text against the canonical encoding, in constant time: other
  // spellings of the same bytes (unused low bits of the last character) fail.
  const expected = Buffer.from(mac(key, payload, context));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}
