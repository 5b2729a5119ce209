import { z } from "zod";
import { idString, singleLineText } from "@/lib/validation/text";

// Inputs of secure tag batches (docs/secure-tags.md, "Batches"): the admin's
// form, and the owner's activation form on the tag claim page.

export const TAG_BATCH_MAX_SIZE = 1000;

export const createTagBatchSchema = z.object({
  label: singleLineText()
    .trim()
    .min(1, "admin.batches.validation.labelRequired")
    .max(80, "admin.batches.validation.labelTooLong"),
  purpose: z.enum(["MANUFACTURER", "OWNER"], { message: "admin.batches.validation.purpose" }),
  size: z.coerce
    .number({ message: "admin.batches.validation.size" })
    .int("admin.batches.validation.size")
    .min(1, "admin.batches.validation.size")
    .max(TAG_BATCH_MAX_SIZE, "admin.batches.validation.size"),
});
export type CreateTagBatchInput = z.input<typeof createTagBatchSchema>;

export const tagBatchIdSchema = z.uuid();

export const activateTagBatchSchema = z.object({
  businessId: idString("tags.validation.business"),
  // 16 symbols, typed with or without the dashes and spaces between groups.
  code: singleLineText()
    .trim()
    .min(1, "tags.batch.validation.codeRequired")
    .max(40, "tags.batch.validation.codeInvalid")
    .regex(/^[A-Za-z0-9\s-]+$/, "tags.batch.validation.codeInvalid"),
});
export type ActivateTagBatchInput = z.infer<typeof activateTagBatchSchema>;
