"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { isAdmin, setUserDisabled, setUserDisabledSchema } from "@/lib/db/admin";

export type SetDisabledActionResult = { ok: true; disabled: boolean } | { ok: false; error: string };

export async function setUserDisabledAction(input: unknown): Promise<SetDisabledActionResult> {
  const admin = await getCurrentUser();
  if (!admin || !isAdmin(admin)) return { ok: false, error: "Not allowed." };
  const parsed = setUserDisabledSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Invalid request." };
  const result = await setUserDisabled(admin.id, parsed.data.userId, parsed.data.disabled);
  if (!result.ok) return result;
  return { ok: true, disabled: result.disabledAt !== null };
}
