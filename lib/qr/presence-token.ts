import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { QR_TOKEN_TTL_MS } from "@/lib/qr/timing";

// The presence token of a customer's QR (docs/authentication.md, "QR presence
// tokens"). The QR shown in the dashboard's overlay encodes
// /qr/{userId}?t=<token>; an owner or staff member may link the customer or
// record a visit from that page only while the token is valid, so a user id
// alone (it is also the referral address friends share) never pulls a customer
// into a business: the customer has to be there, showing a fresh QR.
//
// The token is `<expiry>.<mac>`: the expiry in whole seconds since the epoch
// (base 36), and HMAC-SHA256 of purpose, user id and expiry under a key derived
// from AUTH_SECRET for this purpose only, cut to 128 bits so the QR stays
// small. The user id is in the path, so the token does not repeat it; changing
// the id or the expiry breaks the signature.
// Pure (key and clock are parameters): unit and integration tests sign and read tokens directly.

export const QR_TOKEN_PURPOSE = "qr-presence";
const KEY_INFO = "loyaltap/qr-presence/v1";

const TOKEN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

/** The signing key: HKDF-SHA256 of AUTH_SECRET with this purpose's label, so no other token's key signs it. */
export function qrTokenKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), KEY_INFO, 32));
}

function mac(key: Buffer, userId: string, expiry: string): string {
  return createHmac("sha256", key)
    .update(`${QR_TOKEN_PURPOSE}.${userId}.${expiry}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

export type QrToken = { token: string; expiresAt: Date };

/** A token for `userId`, valid for QR_TOKEN_TTL_MS from `now`. */
export function signQrToken(userId: string, now: Date, key: Buffer): QrToken {
  const seconds = Math.floor((now.getTime() + QR_TOKEN_TTL_MS) / 1000);
  const expiry = seconds.toString(36);
  return { token: `${expiry}.${mac(key, userId, expiry)}`, expiresAt: new Date(seconds * 1000) };
}

/** True only for a genuine token of `userId` that has not expired at `now`. */
export function verifyQrToken(userId: string, token: unknown, now: Date, key: Buffer): boolean {
  if (typeof token !== "string") return false;
  const match = TOKEN.exec(token);
  if (!match) return false;
  const [, expiry, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(key, userId, expiry));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return parseInt(expiry, 36) * 1000 > now.getTime();
}
