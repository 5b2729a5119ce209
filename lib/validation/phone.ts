import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { TOO_LONG_MESSAGE } from "@/lib/validation/issue-messages";
import { singleLineText } from "@/lib/validation/text";

// Phone numbers (docs/input-handling.md, "Phone numbers"): read with
// libphonenumber-js as people type them ("612 34 56 78", "+33 1 23 45 67 89",
// "0034 612 345 678"), Spain being the region of a number without a country
// code; stored in E.164 ("+34612345678"); shown in the national format for a
// Spanish number and the international one for any other. The "min" metadata
// checks each country's lengths and leading digits, which is what a form needs;
// with the parser it is about 120 KB minified (29 KB gzip), shipped only with
// the forms that have a phone field (the wizard, the profile editor).

export const DEFAULT_PHONE_REGION: CountryCode = "ES";
export const PHONE_INVALID_MESSAGE = "validation.phoneInvalid";
export const MAX_PHONE_LENGTH = 40;

/** The number in E.164 ("+34612345678"), or null when it is no valid phone number. */
export function toE164(value: string): string | null {
  const number = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION);
  return number?.isValid() ? number.number : null;
}

/** How a stored number reads: "612 34 56 78" for Spain, "+33 1 23 45 67 89" elsewhere; anything unreadable as it is. */
export function formatPhone(value: string): string {
  const number = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION);
  if (!number?.isValid()) return value;
  return number.country === DEFAULT_PHONE_REGION ? number.formatNational() : number.formatInternational();
}

/**
 * A phone number as a form or a payload sends it, parsed to E.164. "" stays ""
 * (not set); a required field adds its own `.min(1, …)` message before this
 * (`phoneNumber("validation.phoneRequired")`).
 */
export function phoneNumber(requiredMessage?: string) {
  const text = singleLineText().trim();
  return (requiredMessage ? text.min(1, requiredMessage) : text)
    .max(MAX_PHONE_LENGTH, TOO_LONG_MESSAGE)
    .refine((value) => value === "" || toE164(value) !== null, PHONE_INVALID_MESSAGE)
    .transform((value) => (value === "" ? "" : (toE164(value) ?? value)));
}
