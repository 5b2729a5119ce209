// Amounts of money as the app keeps them: integer minor units (cents for EUR)
// of the business's currency, never floats (docs/purchases.md). Pure, no
// server-only import: the counter's form parses and formats with it too.
import { minorUnitDigits } from "@/lib/loyalty/spend";

/**
 * The currency of a business's amounts. A business has no currency setting
 * yet, so every business counts in euros; `settings.currency` (an ISO 4217
 * code) is read when one is set, so adding the setting changes nothing here.
 */
export const DEFAULT_CURRENCY = "EUR";

export function businessCurrency(settings: unknown): string {
  const code =
    typeof settings === "object" && settings !== null ? (settings as Record<string, unknown>).currency : undefined;
  if (typeof code !== "string" || !/^[A-Z]{3}$/.test(code)) return DEFAULT_CURRENCY;
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code });
    return code;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

/**
 * An amount as typed at the counter ("12", "12.5", "12,50") in minor units, or
 * null when it is not a plain positive amount with at most the currency's
 * decimals. Read as text, so "0.29" is 29 cents, never 28.999….
 */
export function parseAmount(text: string, currency = DEFAULT_CURRENCY): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ""] = match as unknown as [string, string, string | undefined];
  if (fraction.length > digits) return null;
  const cents = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/** An amount in minor units written in `locale` for `currency` ("12,50 €" in es, "€12.50" in en). */
export function formatAmount(amountCents: number, currency: string, locale: string): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountCents / 10 ** digits);
}
