import { format } from "date-fns";
import { ca, enUS, es, type Locale as DateFnsLocale } from "date-fns/locale";
import type { Locale } from "@/lib/i18n/locales";

// An instant (a reward's expiry, an event) written the way `locale` writes
// dates, in the server's time zone as before: English keeps the product's
// "Jan 05, 2026" and "Jan 05, 2026 14:30"; Spanish and Catalan their medium
// date ("5 ene 2026") and a 24-hour time. formatDay is for stored calendar days.
const FORMATS: Readonly<Record<Locale, { locale: DateFnsLocale; day: string; time: string }>> = {
  en: { locale: enUS, day: "MMM dd, yyyy", time: "MMM dd, yyyy HH:mm" },
  es: { locale: es, day: "PP", time: "PP HH:mm" },
  ca: { locale: ca, day: "PP", time: "PP HH:mm" },
};

export function formatInstant(date: Date, locale: Locale, withTime = false): string {
  const { locale: dateLocale, day, time } = FORMATS[locale];
  return format(date, withTime ? time : day, { locale: dateLocale });
}
