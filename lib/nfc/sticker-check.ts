import "server-only";
import { countNotOurUrl, stickerCheckTag } from "@/lib/db/secure-tags";
import { compareStickerUrl, isNotOurUrl, type StickerVerdict } from "@/lib/nfc/sticker-url";
import { siteUrl } from "@/lib/site";

/**
 * The server's side of "Check a sticker" (docs/tags.md): it compares the
 * address read from the sticker with the tag's own, never trusting the
 * phone's verdict, and counts one NOT_OUR_URL in the tag's log when it is
 * another address. Null when the tag is not the owner's.
 */
export async function recordStickerCheck(
  ownerId: string,
  tagId: string,
  url: string,
  now: Date,
): Promise<{ verdict: StickerVerdict; logged: boolean } | null> {
  const tag = await stickerCheckTag(ownerId, tagId);
  if (!tag) return null;
  const verdict = compareStickerUrl(url, { origin: siteUrl(), tagId, secure: tag.secure });
  if (!isNotOurUrl(verdict)) return { verdict, logged: false };
  return { verdict, logged: await countNotOurUrl(ownerId, tagId, tag.timezone, now) };
}
