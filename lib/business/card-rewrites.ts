// The public card /b/<slug> in the reader's language (docs/i18n.md, "The public card
// and hreflang"): next.config.ts rewrites the bare address, when the reader asked for
// one of our languages (their locale cookie, else Accept-Language:
// lib/i18n/reader-locale.ts), to /b/<slug>/reader/<lang>, a cached page of its own per
// language; otherwise /b/<slug> is the business's language as before. The marker
// segment keeps it apart from the explicit /b/<slug>/<lang>, which answers 308 to
// /b/<slug> for the business's own language (one public URL per language): the
// rewritten page must not, or a reader of the business's language would loop.
// Relative imports only: next.config.ts loads this file.
import { isLocale, type Locale } from "../i18n/locales";
import { READER_LOCALE_CONDITIONS } from "../i18n/reader-locale";

export const CARD_READER_SEGMENT = "reader";

export const cardRewrites = READER_LOCALE_CONDITIONS.map((condition) => ({
  source: "/b/:slug",
  has: [condition],
  destination: `/b/:slug/${CARD_READER_SEGMENT}/:lang`,
}));

/**
 * What the card's optional `[[...lang]]` segment asks for: `{ locale: null }` for the
 * bare address (the business's language), `{ locale }` for /b/<slug>/<lang>,
 * `{ locale, reader: true }` for the rewritten reader's language, `undefined` for
 * anything else (/fr, /es/x): a 404.
 */
export function cardSegment(
  lang: readonly string[] | undefined,
): { locale: Locale | null; reader: boolean } | undefined {
  if (!lang || lang.length === 0) return { locale: null, reader: false };
  if (lang.length === 1 && isLocale(lang[0])) return { locale: lang[0], reader: false };
  if (lang.length === 2 && lang[0] === CARD_READER_SEGMENT && isLocale(lang[1]))
    return { locale: lang[1], reader: true };
  return undefined;
}
