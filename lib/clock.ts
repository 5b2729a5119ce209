import { env } from "@/lib/env";

/**
 * "Now" for a request. End-to-end tests move the clock (e.g. taps on three
 * different days) with an `x-loyaltap-now` header, honoured only when the
 * server runs with LOYALTAP_TEST_CLOCK=1 — never set in production.
 */
export const TEST_CLOCK_HEADER = "x-loyaltap-now";

export function requestNow(headers: Headers): Date {
  if (env.LOYALTAP_TEST_CLOCK) {
    const value = headers.get(TEST_CLOCK_HEADER);
    const parsed = value ? new Date(value) : null;
    if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
  }
  return new Date();
}
