import { format } from "date-fns";
import { ca, enUS, es, type Locale as DateFnsLocale } from "date-fns/locale";
import type { Locale } from "./locales";

// How each language writes a day (docs/i18n.md, "Dates, numbers and plurals"):
// English keeps the product's "Jan 05, 2026"; Spanish and Catalan their own
// medium date ("5 ene 2026", "5 gen. 2026").
const DAY_FORMATS: Readonly<Record<Locale, { locale: DateFnsLocale; pattern: string }>> = {
  en: { locale: enUS, pattern: "MMM dd, yyyy" },
  es: { locale: es, pattern: "PP" },
  ca: { locale: ca, pattern: "PP" },
};

/** A stored calendar day (UTC midnight, as ISO text) written the way `locale` writes dates. */
export function formatDay(iso: string, locale: Locale): string {
  const date = new Date(iso);
  const { locale: dateLocale, pattern } = DAY_FORMATS[locale];
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), pattern, {
    locale: dateLocale,
  });
}
