// Route guards of spec §2 and the only redirect targets we ever follow.

export type RouteGuard = "guest" | "auth" | "none";

// /auth/callback is guest-only in the spec's client, whose provider return
// carried the tokens; with Auth.js the session exists before the browser comes
// back, so that page checks for itself (it finishes a pending registration).
const GUEST_ONLY = ["/login"];
const AUTH_PREFIXES = ["/dashboard", "/admin"];

function matches(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(base + "/");
}

export function guardFor(pathname: string): RouteGuard {
  if (GUEST_ONLY.some((p) => matches(pathname, p))) return "guest";
  if (AUTH_PREFIXES.some((p) => matches(pathname, p))) return "auth";
  return "none";
}

/**
 * A same-origin path to send the user to after sign-in, or null. Rejects
 * absolute and protocol-relative URLs (`//host`, `/\host`), backslashes and
 * control characters, which browsers may normalise into another origin.
 * Takes a query parameter as it comes: a repeated one (an array) is refused.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Backslashes and control/whitespace characters: browsers treat "/\evil" as "//evil".
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  try {
    const base = "http://loyaltap.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** `/login?redirect=<path with query>` for an auth route visited without a session. */
export function loginRedirectPath(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Request header in which the proxy passes the requested path (with query) to server components. */
export const PATH_HEADER = "x-loyaltap-path";
