import { z } from "zod";
import type { SunParameterName } from "@/lib/nfc/sun-parameters";
import { TAG_ID_PATTERN } from "@/lib/validation/tag-id";
import { singleLineText } from "@/lib/validation/text";

// Catalog keys, as every schema message (docs/input-handling.md, "Messages").
export const NO_TAG_ID = "tap.invalid.noTagId";
export const INVALID_TAG_ID = "tap.invalid.tagId";

/** Each SUN parameter's bound; `satisfies` keeps the list in step with SUN_PARAMETER_NAMES. */
const sunParameterSchemas = {
  picc_data: singleLineText().max(64).optional(),
  enc: singleLineText().max(256).optional(),
  cmac: singleLineText().max(32).optional(),
  uid: singleLineText().max(32).optional(),
  ctr: singleLineText().max(16).optional(),
} satisfies Record<SunParameterName, z.ZodType>;

/** Query or body `id` of a tap; SUN parameters of secure tags ride along. */
export const tapRequestSchema = z.object({
  id: singleLineText({ error: NO_TAG_ID }).trim().min(1, NO_TAG_ID).regex(TAG_ID_PATTERN, INVALID_TAG_ID),
  ...sunParameterSchemas,
});
