import { hkdfSync } from "node:crypto";

// The key-encryption key (KEK) of secure tags' SDM keys: its written form
// (TAG_KEY_ENCRYPTION_KEY, checked by lib/nfc/env.ts) and the local-only fallback
// derived from AUTH_SECRET. How the KEK is used: lib/nfc/keys.ts.

export const KEK_BYTES = 32;
export const KEK_DERIVATION_INFO = "loyaltap/tag-key-encryption/v1";

const HEX_64 = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Parses a 32-byte key written as 64 hex digits or base64 (standard or url-safe); null otherwise. */
export function parseKek(value: string): Buffer | null {
  const text = value.trim();
  if (HEX_64.test(text)) return Buffer.from(text, "hex");
  if (!BASE64.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === KEK_BYTES ? bytes : null;
}

/** The KEK derived from AUTH_SECRET with HKDF-SHA256 (empty salt), for runs without TAG_KEY_ENCRYPTION_KEY. */
export function deriveKek(authSecret: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), KEK_DERIVATION_INFO, KEK_BYTES),
  );
}
