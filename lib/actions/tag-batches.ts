"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { siteUrl } from "@/lib/site";
import { activateTagBatch, makeTagBatch, tagBatchCsv, takeTagBatchKeySheet } from "@/lib/tag-batches/batches";
import { ADMIN_INVALID_REQUEST_MESSAGE } from "@/lib/validation/admin";
import { activateTagBatchSchema, createTagBatchSchema, tagBatchIdSchema } from "@/lib/validation/tag-batches";

// Secure tag batches (docs/secure-tags.md, "Batches"): the admin makes them and
// downloads their CSV and, once, their key sheet; an owner activates one with
// its code. Nothing here logs an input, a code or a key.

export type CreateTagBatchResult = ActionResult<{ batchId: string; activationCode: string }>;
export type TagBatchFileResult = ActionResult<{ filename: string; text: string }>;
export type ActivateTagBatchResult = ActionResult<
  { businessId: string; tagCount: number },
  "wrong_code" | "rate_limited"
>;

const BATCH_NOT_FOUND = failure("admin.batches.errors.notFound");

/** A file name from the batch's label: letters, digits and dashes only. */
function fileName(label: string, suffix: string): string {
  const base = label
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "batch"}-${suffix}.csv`;
}

export const createTagBatchAction = action(
  { role: "admin", args: [createTagBatchSchema] },
  async ({ args: [input], user }): Promise<CreateTagBatchResult> => {
    const made = await makeTagBatch(user.id, input);
    return { ok: true, ...made };
  },
);

export const tagBatchCsvAction = action(
  { role: "admin", args: [tagBatchIdSchema], invalid: [failure(ADMIN_INVALID_REQUEST_MESSAGE)] },
  async ({ args: [batchId] }): Promise<TagBatchFileResult> => {
    const batch = await tagBatchCsv(batchId, siteUrl());
    return batch ? { ok: true, filename: fileName(batch.label, "tags"), text: batch.csv } : BATCH_NOT_FOUND;
  },
);

// The key sheet is handed out once: a second request (or a missing batch) answers that it was.
export const tagBatchKeysAction = action(
  { role: "admin", args: [tagBatchIdSchema], invalid: [failure(ADMIN_INVALID_REQUEST_MESSAGE)] },
  async ({ args: [batchId] }): Promise<TagBatchFileResult> => {
    const taken = await takeTagBatchKeySheet(batchId);
    return taken
      ? { ok: true, filename: fileName(taken.label, "keys"), text: taken.sheet }
      : failure("admin.batches.errors.keysTaken");
  },
);

const ACTIVATION_REFUSALS = {
  wrong_code: "tags.batch.errors.wrongCode",
  rate_limited: "tags.batch.errors.tooMany",
} as const;

// The owner's business is matched by the builder and again inside the claim's statement.
export const activateTagBatchAction = action(
  {
    role: "owner",
    args: [activateTagBatchSchema],
    business: { of: ([input]) => input.businessId, notFound: failure("tags.errors.businessNotFound") },
  },
  async ({ args: [input], user, business }): Promise<ActivateTagBatchResult> => {
    const result = await activateTagBatch(user.id, business!.id, input.code);
    if (!result.ok) return failure(ACTIVATION_REFUSALS[result.reason], { code: result.reason });
    return { ok: true, businessId: business!.id, tagCount: result.tagCount };
  },
);
