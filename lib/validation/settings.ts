import { z } from "zod";
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
  firstName: singleLineText().trim().min(1, "First name is required").max(100, "Use at most 100 characters"),
  lastName: singleLineText().trim().min(1, "Last name is required").max(100, "Use at most 100 characters"),
  // Empty clears it. Birthday rewards use it.
  birthday: singleLineText()
    .trim()
    .refine((value) => value === "" || isValidBirthday(value), "Enter a valid date in the past"),
});
export type ProfileSettingsInput = z.infer<typeof profileSettingsSchema>;

export const notificationsSettingsSchema = z.object({ enabled: z.boolean() });

/** Why an account that owns businesses can't be deleted, naming them. */
export function ownsBusinessesMessage(names: string[]): string {
  const list = names.length === 1 ? names[0] : `${names.length} businesses (${names.join(", ")})`;
  return `Your account owns ${list}. Businesses keep their customers' cards and rewards, so an account that owns one can't be deleted. Contact support to transfer or close your businesses first.`;
}

export const DELETE_CONFIRMATION = "DELETE";
export const deleteAccountSchema = z.object({
  confirm: singleLineText().refine(
    (value): boolean => value === DELETE_CONFIRMATION,
    `Type ${DELETE_CONFIRMATION} to confirm`,
  ),
});
