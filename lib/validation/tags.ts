import { z } from "zod";
import { STICKER_URL_MAX } from "@/lib/nfc/sticker-url";
import { tagIdSchema } from "@/lib/validation/registration";
import { idString, singleLineText } from "@/lib/validation/text";

/** A tag another business holds: the claim form and the business registration (lib/auth/register-account.ts) both answer it. */
export const TAG_ALREADY_CLAIMED_MESSAGE = "api.auth.tagAlreadyClaimed";

export const claimTagSchema = z.object({
  tagId: singleLineText().trim().min(1, "tags.validation.tagIdRequired").pipe(tagIdSchema),
  businessId: idString("tags.validation.business"),
  // One of the business's open locations; "" or left out: its main location (docs/locations.md, "Tags").
  locationId: z.union([z.literal(""), idString("locations.errors.notOpen")]).optional(),
});
export type ClaimTagInput = z.infer<typeof claimTagSchema>;

export const renameTagSchema = z.object({
  tagId: tagIdSchema,
  label: singleLineText()
    .trim()
    .max(60, "tags.validation.labelTooLong")
    .transform((v) => v || null),
});

const HEX_KEY = /^[0-9a-fA-F]{32}$/;
const ZERO_KEY = /^0{32}$/;

/** One 16-byte SDM key as the owner types it: 32 hex digits; the factory default (all zero) is refused. */
const sdmKeySchema = (key: "metaReadKey" | "fileReadKey") =>
  singleLineText()
    .trim()
    .min(1, `tags.validation.${key}.required`)
    .regex(HEX_KEY, `tags.validation.${key}.hex`)
    .refine((value) => !ZERO_KEY.test(value), `tags.validation.${key}.factoryDefault`);

export const secureTagKeysSchema = z.object({
  tagId: tagIdSchema,
  metaReadKey: sdmKeySchema("metaReadKey"),
  fileReadKey: sdmKeySchema("fileReadKey"),
});
export type SecureTagKeysInput = z.infer<typeof secureTagKeysSchema>;

/** An address read from a sticker by "Check a sticker", for the tag's log (docs/tags.md). */
export const stickerCheckSchema = z.object({
  tagId: tagIdSchema,
  url: singleLineText()
    .min(1, "tags.validation.stickerUrlRequired")
    .max(STICKER_URL_MAX, "tags.validation.stickerUrlTooLong"),
});
export type StickerCheckInput = z.infer<typeof stickerCheckSchema>;
