import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { siteName } from "@/lib/site";

// Every mail the product sends, in the recipient's language (their `users.language`,
// read through storedLocale by the sender): subject and body from the `email`
// namespace. The link is an ICU argument, so no translation can break it.

export type MailText = { subject: string; text: string };

type MailName = "passwordReset" | "emailVerification" | "reauthentication" | "staffInvite" | "emailSignIn";

async function render(
  locale: Locale,
  name: MailName,
  link: string,
  more: Record<string, string> = {},
): Promise<MailText> {
  const t = await getKeyTranslator(locale);
  const values = { site: siteName, link, ...more };
  return { subject: t(`email.${name}.subject`, values), text: t(`email.${name}.body`, values) };
}

/** The password reset mail: a one-time link, valid for 1 hour. */
export function passwordResetMail(locale: Locale, link: string): Promise<MailText> {
  return render(locale, "passwordReset", link);
}

/** The mail that confirms a new account's email address: a one-time link, valid for 24 hours. */
export function emailVerificationMail(locale: Locale, link: string): Promise<MailText> {
  return render(locale, "emailVerification", link);
}

/** The mail that confirms it is the account's owner before a sensitive action: a one-time link, valid for 15 minutes. */
export function reauthenticationMail(locale: Locale, link: string): Promise<MailText> {
  return render(locale, "reauthentication", link);
}

/** A sign-in link (an account is made on opening it if the address has none): one-time, valid for 15 minutes. */
export function emailSignInMail(locale: Locale, link: string): Promise<MailText> {
  return render(locale, "emailSignIn", link);
}

/** An owner's invitation to join their business's staff: a one-time link, valid for 7 days, in the owner's language. */
export function staffInviteMail(locale: Locale, link: string, business: string): Promise<MailText> {
  return render(locale, "staffInvite", link, { business });
}
