import { z } from "zod";
import { TAG_ID_PATTERN } from "@/lib/validation/tag-id";

export const NO_TAG_ID = "No tag ID provided";
export const INVALID_TAG_ID = "Invalid tag ID: use 1–64 letters, digits, '-' or '_'.";

/** Query or body `id` of a tap; SUN parameters of secure tags ride along. */
export const tapRequestSchema = z.object({
  id: z.string({ error: NO_TAG_ID }).trim().min(1, NO_TAG_ID).regex(TAG_ID_PATTERN, INVALID_TAG_ID),
  picc_data: z.string().max(64).optional(),
  enc: z.string().max(256).optional(),
  cmac: z.string().max(32).optional(),
  uid: z.string().max(32).optional(),
  ctr: z.string().max(16).optional(),
});
export type TapRequest = z.infer<typeof tapRequestSchema>;
