import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

// Secure tags' SDM keys at rest: AES-256-GCM under a key-encryption key (KEK).
//
// Stored form: `v1:<iv b64>:<ciphertext b64>:<auth tag b64>`, the ciphertext
// being the JSON {"metaReadKey":"<hex>","fileReadKey":"<hex>"}. The tag id is
// the additional authenticated data, so a stored value copied onto another
// tag's row does not decrypt there.
//
// The KEK is TAG_KEY_ENCRYPTION_KEY (32 bytes, base64 or hex). Production must
// set it. Without it — local runs, tests — the KEK is derived from AUTH_SECRET
// with HKDF-SHA256 (empty salt, info "loyaltap/tag-key-encryption/v1"), so
// changing AUTH_SECRET then makes stored tag keys unreadable.
//
// Nothing here logs, and errors never carry key material.

const VERSION = "v1";
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;
const KEK_BYTES = 32;
const SDM_KEY_BYTES = 16;
export const KEK_DERIVATION_INFO = "loyaltap/tag-key-encryption/v1";

/** The two SDM keys a secure tag needs (AES-128, 16 bytes each). */
export type TagKeys = { metaReadKey: Buffer; fileReadKey: Buffer };

const HEX_32 = /^[0-9a-fA-F]{32}$/;
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

/** The KEK derived from AUTH_SECRET, for runs without TAG_KEY_ENCRYPTION_KEY. */
export function deriveKek(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), KEK_DERIVATION_INFO, KEK_BYTES));
}

let warnedDerived = false;

/** The configured KEK (see the header comment); throws when neither variable is usable. */
export function tagKeyEncryptionKey(env: Record<string, string | undefined> = process.env): Buffer {
  const configured = env.TAG_KEY_ENCRYPTION_KEY;
  if (configured) {
    const kek = parseKek(configured);
    if (!kek) throw new Error("TAG_KEY_ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or base64");
    return kek;
  }
  if (!env.AUTH_SECRET) throw new Error("Set TAG_KEY_ENCRYPTION_KEY (or AUTH_SECRET) to store secure tag keys");
  if (env.NODE_ENV === "production" && !warnedDerived) {
    warnedDerived = true;
    console.warn("TAG_KEY_ENCRYPTION_KEY is not set: secure tag keys are encrypted with a key derived from AUTH_SECRET.");
  }
  return deriveKek(env.AUTH_SECRET);
}

/** A 16-byte SDM key typed as 32 hex digits (spaces and colons allowed between bytes); null otherwise. */
export function parseSdmKeyHex(value: string): Buffer | null {
  const hex = value.replace(/[\s:]/g, "");
  return HEX_32.test(hex) ? Buffer.from(hex, "hex") : null;
}

function assertKek(kek: Buffer) {
  if (kek.length !== KEK_BYTES) throw new RangeError(`The key-encryption key must be ${KEK_BYTES} bytes`);
}

function aad(tagId: string): Buffer {
  return Buffer.from(`tag:${tagId}`, "utf8");
}

/** Encrypts a tag's keys for the `keysEncrypted` column. */
export function encryptTagKeys(tagId: string, keys: TagKeys, kek: Buffer = tagKeyEncryptionKey()): string {
  assertKek(kek);
  if (keys.metaReadKey.length !== SDM_KEY_BYTES || keys.fileReadKey.length !== SDM_KEY_BYTES) {
    throw new RangeError(`SDM keys must be ${SDM_KEY_BYTES} bytes`);
  }
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", kek, iv, { authTagLength: AUTH_TAG_BYTES });
  cipher.setAAD(aad(tagId));
  const plain = Buffer.from(JSON.stringify({ metaReadKey: keys.metaReadKey.toString("hex"), fileReadKey: keys.fileReadKey.toString("hex") }));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  return [VERSION, iv.toString("base64"), ciphertext.toString("base64"), cipher.getAuthTag().toString("base64")].join(":");
}

/**
 * Decrypts a `keysEncrypted` value; null when it is not ours, was tampered
 * with, belongs to another tag, or the KEK is not the one it was written with.
 */
export function decryptTagKeys(tagId: string, stored: string, kek: Buffer = tagKeyEncryptionKey()): TagKeys | null {
  assertKek(kek);
  const parts = stored.split(":");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [, ivText = "", ciphertextText = "", authTagText = ""] = parts;
  const iv = Buffer.from(ivText, "base64");
  const authTag = Buffer.from(authTagText, "base64");
  if (iv.length !== IV_BYTES || authTag.length !== AUTH_TAG_BYTES) return null;
  let plain: Buffer;
  try {
    const decipher = createDecipheriv("aes-256-gcm", kek, iv, { authTagLength: AUTH_TAG_BYTES });
    decipher.setAAD(aad(tagId));
    decipher.setAuthTag(authTag);
    plain = Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64")), decipher.final()]);
  } catch {
    return null;
  }
  try {
    const json = JSON.parse(plain.toString("utf8")) as { metaReadKey?: unknown; fileReadKey?: unknown };
    const metaReadKey = typeof json.metaReadKey === "string" ? parseSdmKeyHex(json.metaReadKey) : null;
    const fileReadKey = typeof json.fileReadKey === "string" ? parseSdmKeyHex(json.fileReadKey) : null;
    return metaReadKey && fileReadKey ? { metaReadKey, fileReadKey } : null;
  } catch {
    return null;
  } finally {
    plain.fill(0);
  }
}

/** Whether two key pairs are the same (compared in constant time, as all key material). */
export function sameTagKeys(a: TagKeys, b: TagKeys): boolean {
  const meta = timingSafeEqual(a.metaReadKey, b.metaReadKey);
  const file = timingSafeEqual(a.fileReadKey, b.fileReadKey);
  return meta && file;
}
