import { z } from "zod";
import { tagIdSchema } from "@/lib/validation/registration";

// The UID of an NTAG 424 DNA chip: 7 bytes, written as 14 hexadecimal digits.
// Owners may copy it with separators (04:A1:B2…, 04 A1 B2…); it is kept in
// uppercase without them, the form the SUN check yields.

export const CHIP_UID_MESSAGE = "tags.chip.uidInvalid";

const UID_HEX = /^[0-9A-F]{14}$/;

/** The normalised UID, or null when the text is not a 7-byte UID. */
export function normalizeChipUid(text: string): string | null {
  const compact = text
    .trim()
    .replace(/[\s:-]/g, "")
    .toUpperCase();
  return UID_HEX.test(compact) ? compact : null;
}

/** An owner's chip UID: empty clears the pin, anything else must be a 7-byte UID. */
export const chipUidInputSchema = z
  .string({ error: CHIP_UID_MESSAGE })
  .max(40, CHIP_UID_MESSAGE)
  .transform((text, ctx) => {
    if (text.trim() === "") return null;
    const uid = normalizeChipUid(text);
    if (!uid) {
      ctx.addIssue({ code: "custom", message: CHIP_UID_MESSAGE });
      return z.NEVER;
    }
    return uid;
  });

/** The owner's chip form: the tag and the UID to pin ("" clears the pin). */
export const secureTagChipSchema = z.object({ tagId: tagIdSchema, uid: chipUidInputSchema });
export type SecureTagChipInput = z.input<typeof secureTagChipSchema>;
