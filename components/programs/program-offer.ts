// A program's days as every card writes them. What a program offers is the engine's own line (lib/loyalty/offer.ts).
import { formatDay } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";

/**
 * A stored date-only value (UTC midnight) or a form's YYYY-MM-DD, the way the
 * locale writes a day (English: 'MMM dd, yyyy').
 */
export function formatProgramDay(day: Date | string | null | undefined, locale: Locale = "en"): string | null {
  if (!day) return null;
  const iso = typeof day === "string" ? day : day.toISOString().slice(0, 10);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // An out-of-range day ("2030-02-30") rolls over as it always did.
  return formatDay(date.toISOString(), locale);
}
