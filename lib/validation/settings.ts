import { z } from "zod";
import { localeSchema, type Locale } from "@/lib/i18n/locales";
import { message, type Message } from "@/lib/i18n/message";
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG } from "@/lib/validation/auth";
import { singleLineText } from "@/lib/validation/text";

// Inputs of /dashboard/settings, shared by its forms and server actions.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (YYYY-MM-DD) from 1900 up to today (a day of slack for time zones ahead of UTC). */
export function isValidBirthday(value: string, now: Date = new Date()): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const latest = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  return Number(match[1]) >= 1900 && value <= latest;
}

export const profileSettingsSchema = z.object({
  firstName: singleLineText()
    .trim()
    .min(1, "settings.validation.firstNameRequired")
    .max(100, "settings.validation.atMost"),
  lastName: singleLineText()
    .trim()
    .min(1, "settings.validation.lastNameRequired")
    .max(100, "settings.validation.atMost"),
  // Empty clears it. Birthday rewards use it.
  birthday: singleLineText()
    .trim()
    .refine((value) => value === "" || isValidBirthday(value), "settings.validation.birthday"),
});
export type ProfileSettingsInput = z.infer<typeof profileSettingsSchema>;

/** The birthday alone, asked where a birthday program runs: the profile's field, but not empty. */
export const birthdaySchema = z.object({
  birthday: profileSettingsSchema.shape.birthday.refine((value) => value !== "", "settings.validation.birthday"),
});
export type BirthdayInput = z.infer<typeof birthdaySchema>;

export const notificationsSettingsSchema = z.object({ enabled: z.boolean() });

/** The person's own language (users.language): one of the product's languages, nothing else. */
export const languageSettingsSchema = z.object({
  language: z.custom<Locale>((value) => localeSchema.safeParse(value).success, "settings.language.invalid"),
});
export type LanguageSettingsInput = z.infer<typeof languageSettingsSchema>;

/** Why an account that owns businesses can't be deleted, naming them . */
export function ownsBusinessesMessage(names: string[]): Message {
  return names.length === 1
    ? message("settings.delete.ownsBusiness", { name: names[0]! })
    : message("settings.delete.ownsBusinesses", { count: names.length, names: names.join(", ") });
}

/**
 * The proof a sensitive action carries (docs/authentication.md, "Re-authentication
 * for sensitive actions"): the current password typed with it; empty or absent
 * when a mailed confirmation link was opened instead.
 */
export const reauthenticationSchema = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG).optional(),
});
export type ReauthenticationInput = z.infer<typeof reauthenticationSchema>;

/** Deleting the account: the re-authentication alone (the password is the confirmation). */
export const deleteAccountSchema = reauthenticationSchema;
