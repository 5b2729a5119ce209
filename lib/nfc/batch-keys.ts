import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { diversifyAes128 } from "./an10922";
import type { TagKeys } from "./keys";
import { decryptPiccData } from "./sun";
import { sunMessageOf, type SunParams } from "./verify-tap";

// A batch of secure tags (docs/secure-tags.md, "Batches") holds ONE secret: its
// AES-128 master key, stored AES-256-GCM-sealed under the tag-key KEK with the
// batch id as additional data. Both SDM keys of every tag come from it with
// AN10922 AES-128 diversification (lib/nfc/an10922.ts):
//   SDM meta read key  = AN10922(master, "loyaltap/sdm-meta")            (one per batch)
//   SDM file read key  = AN10922(master, UID ‖ "loyaltap/sdm-file")      (one per chip)
// The fixed ASCII strings play AN10922's "system identifier": they keep the two
// uses apart (and apart from any other use of the master). The meta key is
// per batch because the UID is only known after decrypting PICCData with it.

export const BATCH_KEY_BYTES = 16;
export const META_DIVERSIFIER = Buffer.from("loyaltap/sdm-meta", "ascii");
export const FILE_DIVERSIFIER = Buffer.from("loyaltap/sdm-file", "ascii");
const UID_BYTES = 7;
const VERSION = "v1";
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;

/** A fresh random master key for a batch. */
export function newBatchMasterKey(): Buffer {
  return randomBytes(BATCH_KEY_BYTES);
}

/** The batch's SDM meta read key (decrypts PICCData of all its tags). */
export function batchMetaReadKey(master: Buffer): Buffer {
  return diversifyAes128(master, META_DIVERSIFIER);
}

/** The diversification input of a chip's SDM file read key: UID (7 bytes) ‖ "loyaltap/sdm-file". */
export function fileKeyDiversificationInput(uid: Buffer): Buffer {
  if (uid.length !== UID_BYTES) throw new RangeError(`UID must be ${UID_BYTES} bytes, got ${uid.length}`);
  return Buffer.concat([uid, FILE_DIVERSIFIER]);
}

/** The SDM file read key (the CMAC key) of the chip with this UID in the batch. */
export function batchFileReadKey(master: Buffer, uid: Buffer): Buffer {
  return diversifyAes128(master, fileKeyDiversificationInput(uid));
}

/**
 * The keys a tap's SUN message must authenticate with on a batch tag: the
 * batch meta key, and the file key of the UID the message names (decrypted
 * from PICCData, or the plain `uid`). Null when no UID can be read: the
 * message is then not verified, like any other that does not authenticate.
 */
export function batchKeysForTap(master: Buffer, params: SunParams): TagKeys | null {
  const sun = sunMessageOf(params);
  if (!sun) return null;
  const metaReadKey = batchMetaReadKey(master);
  let uid: Buffer | null = null;
  if (sun.layout === "encrypted") {
    const picc = /^[0-9A-Fa-f]{32}$/.test(sun.piccData) ? decryptPiccData(sun.piccData, metaReadKey) : null;
    uid = picc?.ok ? picc.uid : null;
  } else if (/^[0-9A-Fa-f]{14}$/.test(sun.uid)) {
    uid = Buffer.from(sun.uid, "hex");
  }
  if (!uid) {
    metaReadKey.fill(0);
    return null;
  }
  return { metaReadKey, fileReadKey: batchFileReadKey(master, uid) };
}

function aad(batchId: string): Buffer {
  return Buffer.from(`tag-batch:${batchId}`, "utf8");
}

/** Seals a batch's master key for its `masterKeyEncrypted` column. */
export function sealBatchMasterKey(batchId: string, master: Buffer, kek: Buffer): string {
  if (master.length !== BATCH_KEY_BYTES) throw new RangeError(`A batch master key is ${BATCH_KEY_BYTES} bytes`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", kek, iv, { authTagLength: AUTH_TAG_BYTES });
  cipher.setAAD(aad(batchId));
  const ciphertext = Buffer.concat([cipher.update(master), cipher.final()]);
  return [VERSION, iv.toString("base64"), ciphertext.toString("base64"), cipher.getAuthTag().toString("base64")].join(
    ":",
  );
}

/** Opens a sealed master key; null when it is not ours, was tampered with, or belongs to another batch. */
export function openBatchMasterKey(batchId: string, sealed: string, kek: Buffer): Buffer | null {
  const [version, ivText = "", ciphertextText = "", authTagText = "", ...rest] = sealed.split(":");
  if (version !== VERSION || rest.length) return null;
  const iv = Buffer.from(ivText, "base64");
  const authTag = Buffer.from(authTagText, "base64");
  if (iv.length !== IV_BYTES || authTag.length !== AUTH_TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", kek, iv, { authTagLength: AUTH_TAG_BYTES });
    decipher.setAAD(aad(batchId));
    decipher.setAuthTag(authTag);
    const master = Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64")), decipher.final()]);
    return master.length === BATCH_KEY_BYTES ? master : null;
  } catch {
    return null;
  }
}
