// The keys of Web Push, read the way browsers and `npx web-push
// generate-vapid-keys` write them: URL-safe base64 without padding. Pure (no
// Node or browser API beyond atob), so the subscription schema checks them in
// the browser and on the server alike, and lib/push/env.ts checks the VAPID keys.

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a URL-safe base64 text (padding optional), or null when it is not one. */
export function decodeBase64Url(value: string): Uint8Array | null {
  if (!BASE64URL.test(value)) return null;
  const plain = value.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  // A length of 4n+1 characters cannot be the end of any byte sequence.
  if (plain.length % 4 === 1) return null;
  try {
    const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

// NIST P-256 (secp256r1): y² = x³ − 3x + b over the prime field p.
const P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/**
 * A P-256 public key as Web Push sends it (a subscription's p256dh, the VAPID
 * public key): 65 bytes, 0x04 then x and y, a point on the curve. A key off the
 * curve would only fail later, in the worker, on every delivery.
 */
export function isP256PublicKey(bytes: Uint8Array | null): boolean {
  if (!bytes || bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33, 65));
  if (x >= P || y >= P) return false;
  const right = (((x * x * x - 3n * x + B) % P) + P) % P;
  return (y * y) % P === right;
}

/** A VAPID private key: 32 bytes (a P-256 scalar). */
export function isVapidPrivateKey(value: string): boolean {
  return decodeBase64Url(value)?.length === 32;
}

/** A VAPID public key: a P-256 point, 65 bytes. */
export function isVapidPublicKey(value: string): boolean {
  return isP256PublicKey(decodeBase64Url(value));
}
