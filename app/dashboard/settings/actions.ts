"use server";

import { cookies, headers } from "next/headers";
import { changePasswordWithCurrent } from "@/lib/auth/change-password";
import { clientIp } from "@/lib/auth/client-ip";
import { resendEmailVerification } from "@/lib/auth/email-verification";
import { changePasswordFormSchema } from "@/lib/auth/password-schemas";
import { encodeSessionToken } from "@/lib/auth/session-cookie";
import { sessionCookieOptions, SESSION_COOKIE } from "@/lib/auth/cookies";
import { getCurrentUser } from "@/lib/auth/current-user";
import { deleteAccount, setNotificationsEnabled, updateProfileSettings } from "@/lib/db/settings";
import { deleteAccountSchema, notificationsSettingsSchema, profileSettingsSchema } from "@/lib/validation/settings";

export type ChangePasswordResult = { ok: true } | { ok: false; error: string };
export type SettingsResult = { ok: true } | { ok: false; error: string };

const signedOut = { ok: false as const, error: "Please log in again." };
const firstIssue = (error: { issues: { message: string }[] }, fallback: string) => error.issues[0]?.message ?? fallback;

export async function changePasswordAction(input: unknown): Promise<ChangePasswordResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = changePasswordFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, "Failed to update password") };
  const { currentPassword, password } = parsed.data;
  const result = await changePasswordWithCurrent(user.id, currentPassword || undefined, password, clientIp(await headers()));
  if (!result.ok) return { ok: false, error: result.message };
  // Every other session has ended; this browser stays signed in with the new version.
  (await cookies()).set(SESSION_COOKIE, await encodeSessionToken(result.user), sessionCookieOptions());
  return { ok: true };
}

export type ResendVerificationState = { ok: boolean; message: string } | null;

/** "Send the link again" of the dashboard's unconfirmed-email notice (a form: works without JavaScript). */
export async function resendVerificationAction(_previous: ResendVerificationState): Promise<ResendVerificationState> {
  const user = await getCurrentUser();
  if (!user) return { ok: false, message: signedOut.error };
  const result = await resendEmailVerification(user);
  return result.ok ? { ok: true, message: `We sent a new link to ${user.email}.` } : { ok: false, message: result.message };
}

export async function updateProfileAction(input: unknown): Promise<SettingsResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = profileSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, "Invalid profile") };
  await updateProfileSettings(user.id, parsed.data);
  return { ok: true };
}

export async function setNotificationsAction(input: unknown): Promise<SettingsResult> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const parsed = notificationsSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Invalid setting" };
  await setNotificationsEnabled(user.id, parsed.data.enabled);
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
