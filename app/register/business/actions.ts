"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { registerBusinessForUser } from "@/lib/db/registration";
import { businessRegistrationSchema } from "@/lib/validation/registration";

export type AddBusinessActionResult = { ok: true; businessId: string } | { ok: false; error: string };

/** A signed-in user registers a business (and claims the tag they came from), in one transaction. */
export async function addBusinessAction(input: unknown): Promise<AddBusinessActionResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please log in again." };
  const parsed = businessRegistrationSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to complete registration" };
  const result = await registerBusinessForUser(user.id, parsed.data);
  if (!result.ok) return { ok: false, error: result.message };
  return { ok: true, businessId: result.businessId };
}
