import { z } from "zod";

/**
 * The languages the product speaks (docs/i18n.md). English is the default:
 * every text the product has always shown in English is the `en` catalog's value.
 */
export const LOCALES = ["en", "es", "ca"] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** A stored or submitted language setting (a user's, a business's): one of LOCALES. */
export const localeSchema = z.enum(LOCALES);

/** Each language named in itself, as a language switch and the settings offer it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  ca: "Català",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * A stored language setting read back: anything that is not one of LOCALES
 * (missing, an old free-text value such as "en-US", a typo) reads as English.
 */
export function storedLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/**
 * A business's language, from its `settings` JSON column (`settings.language`).
 * Every reader goes through here, so an old or invalid value is English everywhere.
 */
export function businessLocale(settings: unknown): Locale {
  if (!settings || typeof settings !== "object" || Array.isArray(settings)) return DEFAULT_LOCALE;
  return storedLocale((settings as Record<string, unknown>).language);
}

/**
 * The cookie that carries a signed-in person's own language setting to the
 * proxy and the pages (set at sign-in and when the setting changes; docs/i18n.md).
 */
export const LOCALE_COOKIE = "loyaltap-locale";

/**
 * The language an optional `[[...lang]]` URL segment asks for (the visitor's tap page,
 * the public card): `null` when there is none (the business's own language), a locale,
 * or `undefined` when the segment is not one we serve (`/fr`, `/es/x`): a 404.
 */
export function segmentLocale(lang: readonly string[] | undefined): Locale | null | undefined {
  if (!lang || lang.length === 0) return null;
  return lang.length === 1 && isLocale(lang[0]) ? lang[0] : undefined;
}
