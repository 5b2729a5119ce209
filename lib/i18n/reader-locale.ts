// The reader's language on the visitor pages (the tap page, the public card, their
// not-found and unclaimed-tag pages) and on the site: their own choice (the
// LOCALE_COOKIE cookie: set at sign-in, in Settings and by a visitor page's
// language switch), then the browser's Accept-Language among LOCALES, then a
// fallback (the business's language on a visitor page; English elsewhere).
// Pure, with relative imports only: next.config.ts builds its rewrites from the
// patterns below, and tests/unit/reader-locale.test.ts checks that the rewrites
// pick what readerChoice picks (docs/i18n.md, "Which language a person sees").
import { isLocale, LOCALES, LOCALE_COOKIE, type Locale } from "./locales";
import { acceptedLocale } from "./negotiate";

export type ReaderSignals = {
  /** The LOCALE_COOKIE cookie's value, if any. */
  cookie?: string | null;
  /** The Accept-Language header, if any. */
  acceptLanguage?: string | null;
};

/** The language the reader asked for (cookie, then Accept-Language), or `null` when they asked for none of ours. */
export function readerChoice({ cookie, acceptLanguage }: ReaderSignals): Locale | null {
  if (isLocale(cookie)) return cookie;
  return acceptedLocale(acceptLanguage);
}

/** A visitor page's language: the reader's choice, else the business's. */
export function visitorLocale(signals: ReaderSignals & { business: Locale }): Locale {
  return readerChoice(signals) ?? signals.business;
}

const LANG = `(?<lang>${LOCALES.join("|")})`;

/**
 * Accept-Language as a config rewrite's `has` regex (Next.js anchors it with ^…$ and
 * hands the named group to the destination): the first range whose primary subtag is
 * one of LOCALES and that is not refused with q=0. Browsers list ranges by preference,
 * so the first one of ours is the one negotiateLocale picks; a header that lists a lower
 * q before a higher one is read in its order here (tests/unit/reader-locale.test.ts).
 */
export const ACCEPT_LANGUAGE_PATTERN =
  `(?:[^,]*,)*?\\s*${LANG}(?:-[A-Za-z0-9]{1,8})*\\s*` +
  `(?:;\\s*[qQ]\\s*=\\s*(?!0(?:\\.0{0,3})?\\s*(?:,|$))(?:0(?:\\.\\d{0,3})?|1(?:\\.0{0,3})?))?\\s*(?:,.*)?`;

type Condition = { type: "cookie" | "header"; key: string; value: string };

/**
 * The `has` conditions of the rewrites that serve a visitor page in the reader's
 * language, in the order they are tried: the cookie, then Accept-Language. Each
 * captures `lang`. A request that matches neither gets the business's language.
 */
export const READER_LOCALE_CONDITIONS: readonly Condition[] = [
  { type: "cookie", key: LOCALE_COOKIE, value: LANG },
  { type: "header", key: "accept-language", value: ACCEPT_LANGUAGE_PATTERN },
];
