"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { claimTag } from "@/lib/db/tags";
import { claimTagSchema } from "@/lib/validation/tags";

export type ClaimActionResult =
  | { ok: true; businessId: string }
  | { ok: false; error: string; code?: "tap_already_claimed" | "business_not_found" | "invalid" };

export async function claimTagAction(input: unknown): Promise<ClaimActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = claimTagSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "invalid", error: parsed.error.issues[0]?.message ?? "Invalid tag" };
  const result = await claimTag(user.id, parsed.data.businessId, parsed.data.tagId);
  if (!result.ok) return { ok: false, code: result.code, error: result.message };
  return { ok: true, businessId: result.businessId };
}
