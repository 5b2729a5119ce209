"use server";

import { cookies, headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { action } from "@/lib/actions/safe-action";
import { failure, SIGNED_OUT_MESSAGE, type ActionResult } from "@/lib/actions/result";
import { changePasswordWithCurrent } from "@/lib/auth/change-password";
import { clientIp } from "@/lib/auth/client-ip";
import { resendEmailVerification } from "@/lib/auth/email-verification";
import { reauthenticate, sendReauthenticationLink } from "@/lib/auth/reauthentication";
import { changePasswordFormSchema } from "@/lib/auth/password-schemas";
import { encodeSessionToken } from "@/lib/auth/session-cookie";
import { sessionCookieOptions, SESSION_COOKIE, useSecureCookies } from "@/lib/auth/cookies";
import { requestNow } from "@/lib/clock";
import { setBirthday, setLanguage, setNotificationsEnabled, updateProfileSettings } from "@/lib/db/settings";
import { setLocaleCookie } from "@/lib/i18n/locale-cookie";
import { storedLocale } from "@/lib/i18n/locales";
import { deleteAccount } from "@/lib/users/delete-account";
import type { MessageOrText } from "@/lib/i18n/message";
import {
  birthdaySchema,
  deleteAccountSchema,
  languageSettingsSchema,
  notificationsSettingsSchema,
  profileSettingsSchema,
} from "@/lib/validation/settings";

export type SettingsResult = ActionResult;

export const changePasswordAction = action(
  { role: "user", args: [changePasswordFormSchema], account: true },
  async ({ args: [{ currentPassword, password }], user }): Promise<SettingsResult> => {
    const requestHeaders = await headers();
    const result = await changePasswordWithCurrent(
      user.id,
      currentPassword || undefined,
      password,
      clientIp(requestHeaders),
      requestNow(requestHeaders),
    );
    if (!result.ok) return failure(result.message);
    // Every other session has ended; this browser stays signed in with the new version.
    (await cookies()).set(SESSION_COOKIE, await encodeSessionToken(result.user), sessionCookieOptions());
    return { ok: true };
  },
);

/** useActionState's state for the form below: null before the first submit. */
export type ResendVerificationState = { ok: boolean; message: string } | null;

/** "Send the link again" of the dashboard's unconfirmed-email notice (a form: works without JavaScript). */
export const resendVerificationAction = action(
  { role: "user", args: [], refused: { ok: false, message: SIGNED_OUT_MESSAGE } },
  async ({ user }): Promise<ResendVerificationState> => {
    const result = await resendEmailVerification(user);
    return result.ok
      ? { ok: true, message: (await getTranslations("settings"))("verifyEmailResent", { email: user.email ?? "" }) }
      : { ok: false, message: result.message };
  },
);

export const updateProfileAction = action(
  { role: "user", args: [profileSettingsSchema], account: true },
  async ({ args: [input], user }): Promise<SettingsResult> => {
    await updateProfileSettings(user.id, input);
    return { ok: true };
  },
);

/** The birthday a birthday program asks for, on the tap result and in the wallet. */
export const setBirthdayAction = action(
  { role: "user", args: [birthdaySchema] },
  async ({ args: [input], user }): Promise<SettingsResult> => {
    await setBirthday(user.id, input);
    return { ok: true };
  },
);

export const setNotificationsAction = action(
  { role: "user", args: [notificationsSettingsSchema], invalid: [failure("settings.notifications.invalid")] },
  async ({ args: [input], user }): Promise<SettingsResult> => {
    await setNotificationsEnabled(user.id, input.enabled);
    return { ok: true };
  },
);

/** useActionState's state for "Email me a confirmation link": null before the first submit. */
export type ReauthLinkState = { ok: boolean; message: MessageOrText } | null;

/**
 * Mails the signed-in account a one-time link that confirms it is them, for
 * the sensitive actions of an account without a password (docs/authentication.md,
 * "Re-authentication for sensitive actions"). A form: works without JavaScript.
 */
export const requestReauthLinkAction = action(
  { role: "user", args: [], refused: { ok: false, message: SIGNED_OUT_MESSAGE } },
  async ({ user }): Promise<ReauthLinkState> => {
    const result = await sendReauthenticationLink(user, requestNow(await headers()));
    return result.ok
      ? { ok: true, message: (await getTranslations("settings"))("reauth.linkSent", { email: user.email ?? "" }) }
      : { ok: false, message: result.error };
  },
);

/** Needs a fresh re-authentication: the current password typed with it, or a confirmation link just opened. */
export const deleteAccountAction = action(
  { role: "user", args: [deleteAccountSchema] },
  async ({ args: [{ password }], user }): Promise<SettingsResult> => {
    const requestHeaders = await headers();
    const reauth = await reauthenticate(user.id, password, requestHeaders);
    if (!reauth.ok) return reauth;
    const result = await deleteAccount(user.id);
    if (!result.ok) return result;
    // Same attributes as when it was set (a __Secure- cookie is only replaced by a Secure one).
    (await cookies()).set(SESSION_COOKIE, "", { ...sessionCookieOptions(0), maxAge: 0 });
    return { ok: true };
  },
);

/**
 * The person's own language: saved on the account (the truth, read on every
 * device) and in this browser's locale cookie, so the next render is already in it.
 */
export const setLanguageAction = action(
  { role: "user", args: [languageSettingsSchema] },
  async ({ args: [input], user }): Promise<SettingsResult> => {
    await setLanguage(user.id, input.language);
    setLocaleCookie(await cookies(), input.language, useSecureCookies);
    return { ok: true };
  },
);

/**
 * The dashboard saw a locale cookie that disagrees with the account (deleted,
 * or changed on another device): set it again from the database, never from
 * the client, which sends nothing.
 */
export const syncLocaleCookieAction = action({ role: "user", args: [] }, async ({ user }): Promise<SettingsResult> => {
  setLocaleCookie(await cookies(), storedLocale(user.language), useSecureCookies);
  return { ok: true };
});
