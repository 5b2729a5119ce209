import { format } from "date-fns";
import { ca, enUS, es, type Locale as DateFnsLocale } from "date-fns/locale";
import type { Locale } from "@/lib/i18n/locales";

// The admin pages' instants (sign-ups, taps) in the reader's language: English
// keeps "Jan 05, 2026" and "Jan 05, 2026 14:30"; Spanish and Catalan their medium date.
const FORMATS: Readonly<Record<Locale, { locale: DateFnsLocale; day: string; time: string }>> = {
  en: { locale: enUS, day: "MMM dd, yyyy", time: "MMM dd, yyyy HH:mm" },
  es: { locale: es, day: "PP", time: "PP HH:mm" },
  ca: { locale: ca, day: "PP", time: "PP HH:mm" },
};

export function adminDay(date: Date, locale: Locale): string {
  return format(date, FORMATS[locale].day, { locale: FORMATS[locale].locale });
}

export function adminDateTime(date: Date, locale: Locale): string {
  return format(date, FORMATS[locale].time, { locale: FORMATS[locale].locale });
}
