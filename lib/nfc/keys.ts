import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { authEnv } from "@/lib/auth/env";
import { env } from "@/lib/env";
import { nfcEnv } from "@/lib/nfc/env";
import { deriveKek, KEK_BYTES } from "@/lib/nfc/kek";

// Secure tags' SDM keys at rest: AES-256-GCM under a key-encryption key (KEK).
//
// Stored form: `v1:<iv b64>:<ciphertext b64>:<auth tag b64>`, the ciphertext
// being the JSON {"metaReadKey":"<hex>","fileReadKey":"<hex>"}. The tag id is
// the additional authenticated data, so a stored value copied onto another
// tag's row does not decrypt there.
//
// The KEK is TAG_KEY_ENCRYPTION_KEY (32 bytes, base64 or hex; its form is
// checked by lib/nfc/env.ts). A public deployment must set it. Without it — local
// runs, tests — the KEK is derived from AUTH_SECRET (lib/nfc/kek.ts), so
// changing AUTH_SECRET then makes stored tag keys unreadable.
//
// Nothing here logs, and errors never carry key material.

const VERSION = "v1";
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;
const SDM_KEY_BYTES = 16;

/** The two SDM keys a secure tag needs (AES-128, 16 bytes each). */
export type TagKeys = { metaReadKey: Buffer; fileReadKey: Buffer };

const HEX_32 = /^[0-9a-fA-F]{32}$/;
let warnedDerived = false;

/** The configured KEK (see the header comment); throws when neither variable is usable. */
type KekSettings = {
  TAG_KEY_ENCRYPTION_KEY: Buffer | undefined;
  AUTH_SECRET: string | undefined;
  NODE_ENV: "development" | "production" | "test";
};

/** This process's settings the KEK comes from, read when asked (tests change them per test). */
const processKekSettings: KekSettings = {
  get TAG_KEY_ENCRYPTION_KEY() {
    return nfcEnv.TAG_KEY_ENCRYPTION_KEY;
  },
  get AUTH_SECRET() {
    return authEnv.AUTH_SECRET;
  },
  get NODE_ENV() {
    return env.NODE_ENV;
  },
};

export function tagKeyEncryptionKey(config: KekSettings = processKekSettings): Buffer {
  const configured = config.TAG_KEY_ENCRYPTION_KEY;
  // A copy: the settings reader keeps the parsed key for the next read.
  if (configured) return Buffer.from(configured);
  const authSecret = config.AUTH_SECRET;
  if (!authSecret) throw new Error("Set TAG_KEY_ENCRYPTION_KEY (or AUTH_SECRET) to store secure tag keys");
  if (config.NODE_ENV === "production" && !warnedDerived) {
    warnedDerived = true;
    console.warn(
      "TAG_KEY_ENCRYPTION_KEY is not set: secure tag keys are encrypted with a key derived from AUTH_SECRET.",
    );
  }
  return deriveKek(authSecret);
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
  const plain = Buffer.from(
    JSON.stringify({ metaReadKey: keys.metaReadKey.toString("hex"), fileReadKey: keys.fileReadKey.toString("hex") }),
  );
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  return [VERSION, iv.toString("base64"), ciphertext.toString("base64"), cipher.getAuthTag().toString("base64")].join(
    ":",
  );
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

const DIGEST_DERIVATION_INFO = "loyaltap/tag-keys-digest/v1";

/**
 * Names a key set without revealing it: HMAC-SHA256 of both keys under a key
 * derived from the KEK (hex). Tags written with the same keys accept each
 * other's links (the MAC does not cover the tag id), so a chip's read counter
 * and binding are kept per key set and UID (docs/secure-tags.md). Keyed, not a
 * plain hash: factory-default or otherwise guessable keys stay unrecognisable
 * to whoever reads the database. Scoped to the key set, not global: an owner
 * can forge any UID's links with keys of their own, and must not touch the
 * counter of a chip they do not hold the keys of.
 */
export function tagKeysDigest(keys: TagKeys, kek: Buffer = tagKeyEncryptionKey()): string {
  const digestKey = Buffer.from(hkdfSync("sha256", kek, Buffer.alloc(0), DIGEST_DERIVATION_INFO, KEK_BYTES));
  try {
    return createHmac("sha256", digestKey).update(keys.metaReadKey).update(keys.fileReadKey).digest("hex");
  } finally {
    digestKey.fill(0);
  }
}
