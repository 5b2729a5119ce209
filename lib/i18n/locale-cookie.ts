import { LOCALE_COOKIE, type Locale } from "./locales";

// The person's language travels in its own cookie (docs/i18n.md, "A signed-in
// person's setting"), written here and nowhere else: at every sign-in (password,
// Google, the wizard's sign-up), when Settings changes the language, and by a
// visitor page's language switch (in the browser, localeCookieString). No
// server-only or Next.js import, so route handlers (NextResponse.cookies),
// server actions (cookies()) and tests all pass their own cookie store.

/** A year: it outlives the session on purpose, and is kept at sign-out as the device's last choice. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LocaleCookieOptions = {
  path: "/";
  sameSite: "lax";
  maxAge: number;
  secure: boolean;
  httpOnly: false;
};

/** Anything with a `set(name, value, options)`: `await cookies()`, `response.cookies`. */
export type CookieWriter = { set: (name: string, value: string, options: LocaleCookieOptions) => unknown };

/**
 * The cookie's attributes. Lax so a link from another site (an email, a shared
 * card) still arrives in the person's language. Not httpOnly: it holds no
 * secret, only "en", "es" or "ca", and client code may read the current
 * language from it; `secure` follows the session cookie (https sites only).
 */
export function localeCookieOptions(secure: boolean): LocaleCookieOptions {
  return { path: "/", sameSite: "lax", maxAge: LOCALE_COOKIE_MAX_AGE, secure, httpOnly: false };
}

/** Writes the `loyaltap-locale` cookie: pass the session cookie's `secure` (useSecureCookies). */
export function setLocaleCookie(store: CookieWriter, locale: Locale, secure: boolean): void {
  store.set(LOCALE_COOKIE, locale, localeCookieOptions(secure));
}

/**
 * The same cookie as a `document.cookie` assignment, for a visitor page's language
 * switch: the choice is remembered on this device for every visitor page after.
 */
export function localeCookieString(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
