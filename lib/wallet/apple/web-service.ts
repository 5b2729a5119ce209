import { createHash, timingSafeEqual } from "node:crypto";
import { DEVICE_LOG_MESSAGE_LENGTH, DEVICE_LOG_MESSAGES } from "@/lib/validation/apple-wallet";

// The PassKit web service's pure rules (docs/wallet.md, "Apple Wallet:
// updates"): the ApplePass authorization header, the update tag, the HTTP
// dates of Last-Modified and If-Modified-Since, and what of a device's log
// messages may reach our logs. No database, no Next.js.

/** The token of `Authorization: ApplePass <token>`, or null. Apple's tokens are 16 or more printable characters. */
export function applePassTokenOf(authorization: string | null): string | null {
  const match = /^ApplePass ([\x21-\x7e]{16,256})$/.exec(authorization?.trim() ?? "");
  return match ? match[1]! : null;
}

/** Whether `given` is the pass's token, in time that does not depend on where they differ. */
export function sameToken(given: string, stored: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(stored));
}

/** The update tag of a moment: its milliseconds since the epoch, as text (Wallet wants a string). */
export function updateTagOf(moment: Date): string {
  return String(moment.getTime());
}

/**
 * Last-Modified of a pass changed at `updatedAt`: the HTTP date (whole
 * seconds) at or after it, so a device that sends it back as
 * If-Modified-Since gets 304 for this version. A later change is always
 * after that date: the bump moves updatedAt past the second it was in
 * (lib/jobs/events.ts), so it can never hide in the same second.
 */
export function lastModifiedOf(updatedAt: Date): string {
  return new Date(Math.ceil(updatedAt.getTime() / 1000) * 1000).toUTCString();
}

/** Whether If-Modified-Since (an HTTP date, or garbage) says the device has this version already. */
export function isNotModified(ifModifiedSince: string | null, updatedAt: Date): boolean {
  if (!ifModifiedSince || ifModifiedSince.length > 64) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && since >= updatedAt.getTime();
}

// Shapes of secrets and ids a device's message could carry: an ApplePass header, push tokens
// (hex), authentication tokens, serial numbers and device ids (long runs of URL-safe characters).
const REDACTIONS: [RegExp, string][] = [
  [/ApplePass\s+\S+/gi, "ApplePass [redacted]"],
  [/[A-Za-z0-9_~-]{24,}/g, "[redacted]"],
];

/**
 * The messages of one POST /v1/log as they may be logged: at most 20, each
 * cut to 1000 characters, control characters replaced, and anything shaped
 * like a token or an identifier blanked.
 */
export function deviceLogLines(logs: readonly string[]): string[] {
  return logs.slice(0, DEVICE_LOG_MESSAGES).map((message) => {
    let line = message.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
    for (const [pattern, replacement] of REDACTIONS) line = line.replace(pattern, replacement);
    return line.length > DEVICE_LOG_MESSAGE_LENGTH ? `${line.slice(0, DEVICE_LOG_MESSAGE_LENGTH)}…` : line;
  });
}
