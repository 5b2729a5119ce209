"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { releaseTag, renameTag } from "@/lib/db/tags";
import { renameTagSchema } from "@/lib/validation/tags";
import { tagIdSchema } from "@/lib/validation/registration";

export type TagActionResult = { ok: true } | { ok: false; error: string };

export async function renameTagAction(input: unknown): Promise<TagActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = renameTagSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid label" };
  if (!(await renameTag(user.id, parsed.data.tagId, parsed.data.label))) return { ok: false, error: "Tag not found" };
  return { ok: true };
}

export async function releaseTagAction(tagId: unknown): Promise<TagActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = tagIdSchema.safeParse(tagId);
  if (!parsed.success || !(await releaseTag(user.id, parsed.data))) return { ok: false, error: "Tag not found" };
  return { ok: true };
}
