import { createHash, randomBytes } from "node:crypto";

// An API key's secret (docs/api.md, "Keys"): `lt_live_` and 43 base64url
// characters of 256 random bits. Only its SHA-256 is stored. A slow password
// hash (argon2) is for secrets people choose, which an attacker with the hash
// can guess; 256 random bits cannot be guessed, so one SHA-256 is as safe and
// lets a request find its key by an indexed lookup of the hash.
// Pure: the tests and the domain both use it.

const KEY_START = "lt_live_";
/** The visible part that names a key in lists: its start and the first 8 characters of its secret. */
export const API_KEY_PREFIX_LENGTH = KEY_START.length + 8;
const KEY_SHAPE = /^lt_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_START}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** True for something shaped like one of our keys (anything else is refused without a lookup). */
export function looksLikeApiKey(value: string): boolean {
  return KEY_SHAPE.test(value);
}
