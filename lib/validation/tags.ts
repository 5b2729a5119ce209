import { z } from "zod";
import { tagIdSchema } from "@/lib/validation/registration";
import { idString, singleLineText } from "@/lib/validation/text";

/** A tag another business holds: the claim form and the business registration both answer it. */
export const TAG_ALREADY_CLAIMED_MESSAGE = "This tag has already been claimed by another business.";

export const claimTagSchema = z.object({
  tagId: singleLineText().trim().min(1, "Enter the tag ID").pipe(tagIdSchema),
  businessId: idString("Choose a business"),
});
export type ClaimTagInput = z.infer<typeof claimTagSchema>;

export const renameTagSchema = z.object({
  tagId: tagIdSchema,
  label: singleLineText()
    .trim()
    .max(60, "At most 60 characters")
    .transform((v) => v || null),
});

const HEX_KEY = /^[0-9a-fA-F]{32}$/;
const ZERO_KEY = /^0{32}$/;

/** One 16-byte SDM key as the owner types it: 32 hex digits; the factory default (all zero) is refused. */
const sdmKeySchema = (name: string) =>
  singleLineText()
    .trim()
    .min(1, `Enter the ${name}`)
    .regex(HEX_KEY, `The ${name} must be 32 hexadecimal digits (16 bytes)`)
    .refine(
      (value) => !ZERO_KEY.test(value),
      `The ${name} is the factory default: change the tag's keys first, anyone can forge taps with it`,
    );

export const secureTagKeysSchema = z.object({
  tagId: tagIdSchema,
  metaReadKey: sdmKeySchema("SDM meta read key"),
  fileReadKey: sdmKeySchema("SDM file read key"),
});
export type SecureTagKeysInput = z.infer<typeof secureTagKeysSchema>;
