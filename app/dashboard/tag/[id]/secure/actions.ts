"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { disableSecureTag, enableSecureTag, pinSecureTagChip } from "@/lib/db/secure-tags";
import { CHIP_UID_MESSAGE, secureTagChipSchema } from "@/lib/nfc/chip-uid";
import { parseSdmKeyHex } from "@/lib/nfc/keys";
import { tagIdSchema } from "@/lib/validation/registration";
import { secureTagKeysSchema } from "@/lib/validation/tags";

export type SecureTagActionResult = { ok: true } | { ok: false; error: string };

// Keys come in once and are never sent back: results carry no key material,
// and nothing here logs the input.

export async function saveSecureTagKeysAction(input: unknown): Promise<SecureTagActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = secureTagKeysSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid keys" };
  const metaReadKey = parseSdmKeyHex(parsed.data.metaReadKey);
  const fileReadKey = parseSdmKeyHex(parsed.data.fileReadKey);
  if (!metaReadKey || !fileReadKey) return { ok: false, error: "Invalid keys" };
  if (!(await enableSecureTag(user.id, parsed.data.tagId, { metaReadKey, fileReadKey }))) return { ok: false, error: "Tag not found" };
  return { ok: true };
}

export async function disableSecureTagAction(tagId: unknown): Promise<SecureTagActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = tagIdSchema.safeParse(tagId);
  if (!parsed.success || !(await disableSecureTag(user.id, parsed.data))) return { ok: false, error: "Tag not found" };
  return { ok: true };
}

/**
 * Pins the tag to the chip UID the owner entered, or clears the pin (empty
 * UID) so the next verified tap pins its chip. A replaced chip starts its own
 * read counter; every chip's high-water counter is kept.
 */
export async function pinSecureTagChipAction(input: unknown): Promise<SecureTagActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = secureTagChipSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? CHIP_UID_MESSAGE };
  if (!(await pinSecureTagChip(user.id, parsed.data.tagId, parsed.data.uid))) return { ok: false, error: "Tag not found" };
  return { ok: true };
}
