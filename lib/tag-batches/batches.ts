import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { claimTagBatch, createTagBatch, takeBatchKeys, tagBatchTags, type TagBatchPurpose } from "@/lib/db/tag-batches";
import { batchCsv } from "@/lib/nfc/batch-csv";
import {
  batchMetaReadKey,
  FILE_DIVERSIFIER,
  META_DIVERSIFIER,
  newBatchMasterKey,
  openBatchMasterKey,
  sealBatchMasterKey,
} from "@/lib/nfc/batch-keys";
import { tagKeyEncryptionKey } from "@/lib/nfc/keys";
import { giveBackRateLimit, takeRateLimit } from "@/lib/rate-limit";
import { hashActivationCode, newActivationCode } from "@/lib/tag-batches/activation-code";

// The use cases of secure tag batches (docs/secure-tags.md, "Batches").

/** A fresh public tag id: 16 hex digits (64 random bits), like any tag id in the tap URL. */
export function newBatchTagId(): string {
  return randomBytes(8).toString("hex");
}

/**
 * Makes a batch: a random master key sealed under the KEK, a one-time
 * activation code (only its hash is stored; the code is returned to show the
 * admin once) and `size` unclaimed secure tags with fresh ids and no stored key.
 */
export async function makeTagBatch(
  adminId: string,
  input: { label: string; purpose: TagBatchPurpose; size: number },
): Promise<{ batchId: string; activationCode: string }> {
  const batchId = randomUUID();
  const master = newBatchMasterKey();
  const activationCode = newActivationCode();
  try {
    await createTagBatch({
      id: batchId,
      label: input.label,
      purpose: input.purpose,
      masterKeyEncrypted: sealBatchMasterKey(batchId, master, tagKeyEncryptionKey()),
      activationCodeHash: hashActivationCode(activationCode),
      createdById: adminId,
      tagIds: Array.from({ length: input.size }, newBatchTagId),
    });
  } finally {
    master.fill(0);
  }
  return { batchId, activationCode };
}

/** The encoder's CSV of a batch (no key in it); null for an unknown batch. */
export async function tagBatchCsv(batchId: string, origin: string): Promise<{ label: string; csv: string } | null> {
  const batch = await tagBatchTags(batchId);
  return batch ? { label: batch.label, csv: batchCsv(origin, batch.tagIds) } : null;
}

/**
 * The batch's key sheet, handed out ONCE (the statement marks it taken): the
 * master key the encoder diversifies each chip's SDM file read key from, the
 * batch's SDM meta read key, and how both are derived. Null when unknown or
 * already taken; throws when the KEK no longer opens it (our configuration).
 */
export async function takeTagBatchKeySheet(batchId: string): Promise<{ label: string; sheet: string } | null> {
  const taken = await takeBatchKeys(batchId);
  if (!taken) return null;
  const master = openBatchMasterKey(batchId, taken.masterKeyEncrypted, tagKeyEncryptionKey());
  if (!master) throw new Error("a batch master key cannot be decrypted (TAG_KEY_ENCRYPTION_KEY changed?)");
  const meta = batchMetaReadKey(master);
  const hex = (bytes: Buffer) => bytes.toString("hex").toUpperCase();
  const rows = [
    ["field", "value"],
    ["batch_id", batchId],
    ["label", taken.label],
    ["master_key", hex(master)],
    ["sdm_meta_read_key", hex(meta)],
    ["sdm_meta_read_key_derivation", `AN10922 AES-128 (M = 01 || ${hex(META_DIVERSIFIER)}) of master_key`],
    [
      "sdm_file_read_key_derivation",
      `AN10922 AES-128 (M = 01 || UID (7 bytes) || ${hex(FILE_DIVERSIFIER)}) of master_key, per chip`,
    ],
  ];
  master.fill(0);
  meta.fill(0);
  const sheet = rows.map((row) => row.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(","));
  return { label: taken.label, sheet: sheet.join("\r\n") + "\r\n" };
}

/** Wrong activation codes an owner may type per hour (a right one is given back). */
export const ACTIVATION_ATTEMPTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

export type ActivationResult =
  | { ok: true; tagCount: number }
  | { ok: false; reason: "wrong_code" }
  | { ok: false; reason: "rate_limited"; resetAt: Date };

/**
 * Activates a batch for one of the owner's businesses with its code. Each
 * attempt takes a unit of the owner's hourly bucket first (one conditional
 * statement, so parallel guesses cannot all pass), and a success gives it back.
 */
export async function activateTagBatch(
  ownerId: string,
  businessId: string,
  code: string,
  now = new Date(),
): Promise<ActivationResult> {
  const slot = await takeRateLimit(
    { key: `tag-batch-activate:user:${ownerId}`, limit: ACTIVATION_ATTEMPTS_PER_HOUR, windowMs: HOUR_MS },
    now,
  );
  if (!slot.ok) return { ok: false, reason: "rate_limited", resetAt: slot.resetAt };
  const claimed = await claimTagBatch(ownerId, businessId, hashActivationCode(code));
  if (!claimed.ok) return { ok: false, reason: "wrong_code" };
  await giveBackRateLimit(slot.taken);
  return { ok: true, tagCount: claimed.tagCount };
}
