"use server";

import { getCurrentUser } from "@/lib/auth/current-user";
import { registerBusinessForUser } from "@/lib/db/registration";
import { businessRegistrationSchema } from "@/lib/validation/registration";

export type CompleteRegistrationResult = { ok: true } | { ok: false; error: string };

/** Finishes a business registration begun before a Google sign-up, for the now signed-in user. */
export async function completePendingRegistrationAction(pending: unknown): Promise<CompleteRegistrationResult> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, error: "Please sign in again to finish your registration." };
  const parsed = businessRegistrationSchema.safeParse(pending);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to complete registration" };
  const result = await registerBusinessForUser(user.id, parsed.data);
  if (!result.ok) return { ok: false, error: result.message };
  return { ok: true };
}
