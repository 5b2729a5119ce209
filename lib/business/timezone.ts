import { dateTimeFormat } from "@/lib/time/intl-format";

export const DEFAULT_TIMEZONE = "Europe/Madrid";

/** An IANA time zone the runtime knows, else the default. */
export function normaliseTimezone(value: string | null | undefined): string {
  if (!value) return DEFAULT_TIMEZONE;
  try {
    return dateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** True for a time zone name the runtime knows (e.g. "Europe/Madrid"). */
export function isValidTimezone(value: string): boolean {
  if (!value) return false;
  try {
    dateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
