import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { ACCOUNT_ZONE } from "@/lib/time/display-zone";

// The admin pages' instants (sign-ups, taps) in the reader's language, on UTC's
// clock whatever the server's zone (they belong to no one business;
// docs/i18n.md, "Time zones"): a time says so ("Jan 05, 2026 14:30 UTC").

export function adminDay(date: Date, locale: Locale): string {
  return formatInstantIn(date, ACCOUNT_ZONE, locale);
}

export function adminDateTime(date: Date, locale: Locale): string {
  return `${formatInstantIn(date, ACCOUNT_ZONE, locale, true)} ${ACCOUNT_ZONE}`;
}
