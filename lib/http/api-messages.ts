import { message, type Message, type MessageKey } from "@/lib/i18n/message";

// Values for the API's "try again in …" messages (api.auth.tooMany*): the wait as
// a count and a unit, so each language words it with its own plurals. Hours from
// 90 minutes on, else whole minutes (at least one), as waitDescription words it in
// English (tests/unit/api-locale.test.ts holds the two together).
export function waitValues(seconds: number): { unit: "hours" | "minutes"; count: number } {
  if (seconds >= 5400) return { unit: "hours", count: Math.ceil(seconds / 3600) };
  return { unit: "minutes", count: Math.max(1, Math.ceil(seconds / 60)) };
}

/** A "too many …, try again in {wait}" message key with its wait. */
export function tooManyMessage(key: MessageKey, retryAfterSeconds: number): Message {
  return message(key, waitValues(retryAfterSeconds));
}
