import { LOCALE_COOKIE, type Locale } from "./locales";

/** A year: the cookie is the device's memory of the person's language, renewed at every sign-in and change. */
const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Sets the `loyaltap-locale` cookie (docs/i18n.md, "A signed-in person's setting").
 * Readable by scripts on purpose (httpOnly false): it holds nothing secret, only
 * a language. `store` is Next.js's cookies() or a response's cookies.
 */
export function setLocaleCookie(
  store: {
    set: (
      name: string,
      value: string,
      options: { path: string; sameSite: "lax"; maxAge: number; httpOnly: boolean; secure: boolean },
    ) => unknown;
  },
  locale: Locale,
  secure: boolean,
): void {
  store.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", maxAge: ONE_YEAR, httpOnly: false, secure });
}
