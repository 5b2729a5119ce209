// Client session behaviour of the product (re-validation, tab sync), without tokens in the browser:
// the session itself is an httpOnly cookie; local storage under 'auth' only
// holds who is signed in and when that was last checked, so tabs can follow
// each other (a sign-out in one tab signs out all).
export const AUTH_STORAGE_KEY = "auth";
/**
 * Dispatched on `window` when this tab writes the entry itself: the browser's
 * `storage` event only reaches the other tabs, and the header of the page that
 * wrote it (HeaderAccountLink) follows too.
 */
export const AUTH_MARKED_EVENT = "loyaltap:auth-marked";
export const REVALIDATE_AFTER_MS = 900_000;

export type StoredAuth = { user: { id: string }; lastValidated: number };

export function parseStoredAuth(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredAuth>;
    return typeof value?.user?.id === "string" && typeof value.lastValidated === "number"
      ? (value as StoredAuth)
      : null;
  } catch {
    return null;
  }
}

export function needsRevalidation(stored: StoredAuth | null, now: number): boolean {
  return !stored || now - stored.lastValidated > REVALIDATE_AFTER_MS;
}
