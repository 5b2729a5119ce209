"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { disableSecureTag, enableSecureTag, pinSecureTagChip } from "@/lib/db/secure-tags";
import { secureTagChipSchema } from "@/lib/nfc/chip-uid";
import { parseSdmKeyHex } from "@/lib/nfc/keys";
import { tagIdSchema } from "@/lib/validation/registration";
import { secureTagKeysSchema } from "@/lib/validation/tags";

export type SecureTagActionResult = ActionResult;

// Keys come in once and are never sent back: results carry no key material,
// and nothing here logs the input. The lib/db/secure-tags functions match the
// tag's owner in their own statement.

const NOT_FOUND = failure("tags.errors.notFound");

export const saveSecureTagKeysAction = action(
  { role: "owner", args: [secureTagKeysSchema] },
  async ({ args: [input], user }): Promise<SecureTagActionResult> => {
    const metaReadKey = parseSdmKeyHex(input.metaReadKey);
    const fileReadKey = parseSdmKeyHex(input.fileReadKey);
    if (!metaReadKey || !fileReadKey) return failure("tags.errors.invalidKeys");
    return (await enableSecureTag(user.id, input.tagId, { metaReadKey, fileReadKey })) ? { ok: true } : NOT_FOUND;
  },
);

export const disableSecureTagAction = action(
  { role: "owner", args: [tagIdSchema], invalid: [NOT_FOUND] },
  async ({ args: [tagId], user }): Promise<SecureTagActionResult> =>
    (await disableSecureTag(user.id, tagId)) ? { ok: true } : NOT_FOUND,
);

/**
 * Pins the tag to the chip UID the owner entered, or clears the pin (empty
 * UID) so the next verified tap pins its chip. A replaced chip starts its own
 * read counter; every chip's high-water counter is kept.
 */
export const pinSecureTagChipAction = action(
  { role: "owner", args: [secureTagChipSchema] },
  async ({ args: [input], user }): Promise<SecureTagActionResult> =>
    (await pinSecureTagChip(user.id, input.tagId, input.uid)) ? { ok: true } : NOT_FOUND,
);
