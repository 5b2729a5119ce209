"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { sessionCookieOptions, SESSION_COOKIE } from "@/lib/auth/cookies";
import { getCurrentUser } from "@/lib/auth/current-user";
import { setPassword } from "@/lib/auth/password-reset";
import { deleteAccount, setNotificationsEnabled, updateProfileSettings } from "@/lib/db/settings";
import { newPasswordFormSchema } from "@/lib/validation/auth";
import { deleteAccountSchema, notificationsSettingsSchema, profileSettingsSchema } from "@/lib/validation/settings";

export type ChangePasswordResult = { ok: true } | { ok: false; error: string };
export type SettingsResult = { ok: true } | { ok: false; error: string };

const signedOut = { ok: false as const, error: "Please log in again." };
const firstIssue = (error: { issues: { message: string }[] }, fallback: string) => error.issues[0]?.message ?? fallback;

export async function changePasswordAction(input: unknown): Promise<ChangePasswordResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = newPasswordFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, "Failed to update password") };
  await setPassword(user.id, parsed.data.password);
  return { ok: true };
}

export async function updateProfileAction(input: unknown): Promise<SettingsResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = profileSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, "Invalid profile") };
  await updateProfileSettings(user.id, parsed.data);
  // The dashboard header shows the first name.
  revalidatePath("/dashboard", "layout");
  return { ok: true };
}

export async function setNotificationsAction(input: unknown): Promise<SettingsResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = notificationsSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Invalid setting" };
  await setNotificationsEnabled(user.id, parsed.data.enabled);
  revalidatePath("/dashboard/settings");
  return { ok: true };
}

export async function deleteAccountAction(input: unknown): Promise<SettingsResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = deleteAccountSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, "Type DELETE to confirm") };
  const result = await deleteAccount(user.id);
  if (!result.ok) return result;
  // Same attributes as when it was set (a __Secure- cookie is only replaced by a Secure one).
  (await cookies()).set(SESSION_COOKIE, "", { ...sessionCookieOptions(0), maxAge: 0 });
  return { ok: true };
}
