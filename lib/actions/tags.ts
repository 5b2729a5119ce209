"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { markTagPrepared } from "@/lib/db/businesses";
import { releaseTag, renameTag } from "@/lib/db/tags";
import { recordStickerCheck } from "@/lib/nfc/sticker-check";
import type { StickerVerdict } from "@/lib/nfc/sticker-url";
import { renameTagSchema, stickerCheckSchema } from "@/lib/validation/tags";
import { tagIdSchema } from "@/lib/validation/registration";

export type TagActionResult = ActionResult;

// renameTag and releaseTag match the tag's owner in their own statement.
const NOT_FOUND = failure("tags.errors.notFound");

export const renameTagAction = action(
  { role: "owner", args: [renameTagSchema] },
  async ({ args: [input], user }): Promise<TagActionResult> =>
    (await renameTag(user.id, input.tagId, input.label)) ? { ok: true } : NOT_FOUND,
);

export const releaseTagAction = action(
  { role: "owner", args: [tagIdSchema], invalid: [NOT_FOUND] },
  async ({ args: [tagId], user }): Promise<TagActionResult> =>
    (await releaseTag(user.id, tagId)) ? { ok: true } : NOT_FOUND,
);

// "I've printed or written this tag" on the tag's QR page: a first step done (docs/owner-tools.md, "First steps").
export const markTagPreparedAction = action(
  { role: "owner", args: [tagIdSchema], invalid: [NOT_FOUND] },
  async ({ args: [tagId], user }): Promise<TagActionResult> =>
    (await markTagPrepared(user.id, tagId)) ? { ok: true } : NOT_FOUND,
);

/**
 * "Check a sticker" on the tag's write page: the address the owner's phone read
 * from a sticker. The server decides whether it is this tag's address and
 * counts one "not our URL" in the tag's log when it is not (docs/tags.md).
 */
export const checkStickerAction = action(
  { role: "owner", args: [stickerCheckSchema] },
  async ({ args: [input], user }): Promise<ActionResult<{ verdict: StickerVerdict; logged: boolean }>> => {
    const checked = await recordStickerCheck(user.id, input.tagId, input.url, new Date());
    return checked ? { ok: true, ...checked } : NOT_FOUND;
  },
);
