import "server-only";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import { useSecureCookies } from "@/lib/auth/cookies";
import { db } from "@/lib/db";
import { setLocaleCookie, type CookieWriter } from "@/lib/i18n/locale-cookie";
import { DEFAULT_LOCALE, storedLocale, type Locale } from "@/lib/i18n/locales";

// Google sign-in goes through Auth.js, not our forms: the account it creates
// gets the browser's language like a password sign-up, and every Google
// sign-in sets the language cookie like a password log-in.

/**
 * The adapter with its createUser storing `language()` as the new account's
 * setting (one insert). A language that cannot be read is English, never a
 * failed sign-up.
 */
export function withSignUpLanguage(adapter: Adapter, language: () => Promise<Locale>): Adapter {
  const createUser = adapter.createUser?.bind(adapter);
  if (!createUser) return adapter;
  return {
    ...adapter,
    createUser: async (user: AdapterUser) => {
      const chosen = await language().catch(() => DEFAULT_LOCALE);
      return createUser({ ...user, language: chosen } as AdapterUser);
    },
  };
}

/** After an OAuth sign-in: the language cookie from the account's stored setting. */
export async function setOAuthLocaleCookie(store: CookieWriter, userId: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { language: true } });
  if (user) setLocaleCookie(store, storedLocale(user.language), useSecureCookies);
}
