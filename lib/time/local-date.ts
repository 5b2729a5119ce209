import { dateTimeFormat } from "@/lib/time/intl-format";

/** The calendar day (YYYY-MM-DD) at `now` in an IANA time zone: "today" for a business. */
export function localDateIn(timeZone: string, now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
