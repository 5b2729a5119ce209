// Route guards (guest-only, signed-in only, open) and the only redirect targets we ever follow.

export type RouteGuard = "guest" | "auth" | "none";

// /auth/callback is not guest-only: with Auth.js the session exists before
// the browser comes back from the provider, so that page checks for itself
// (it finishes a pending registration).
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

const MAX_REDIRECT_LENGTH = 2048;
const ORIGIN_PROBE = "http://loyaltap.invalid";

// Printable ASCII without the backslash. Everything we link to is a path we
// built with encodeURIComponent, so anything else (spaces, tabs, newlines,
// C0/C1 controls, unicode slashes such as U+2215 or U+FF0F) is refused
// rather than left to a browser's normalisation.
const PLAIN_ASCII = /^[\x21-\x5b\x5d-\x7e]*$/;

// A path a browser would read as another host: "//host", "/\host".
const startsLikeAnotherHost = (path: string) => /^[/\\][/\\]/.test(path);

// Decodes percent-escapes until nothing changes, or null for a malformed one.
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

// The same-origin rule applied to one form of the value: it must be an
// absolute path on this origin that no browser reads as another host.
function isSamePath(value: string): boolean {
  if (!value.startsWith("/") || startsLikeAnotherHost(value)) return false;
  const pathPart = value.split(/[?#]/, 1)[0]!;
  const decoded = fullyDecoded(pathPart);
  if (decoded === null) return false;
  // Decoded, the path must still be a plain path: no "//", "/\\", backslash or control character.
  if (startsLikeAnotherHost(decoded) || /[\\\u0000-\u001f\u007f-\u009f]/.test(decoded)) return false;
  return true;
}

/**
 * The one function for redirect targets (after sign-in, sign-up, the OAuth
 * return, logout): a same-origin path with its query, or null. The value must
 * be printable ASCII without backslashes, start with a single "/", and stay a
 * same-origin path after URL normalisation ("/.//evil" becomes "//evil") and
 * after percent-decoding ("/%2F%2Fevil", "/%5Cevil", "/%09/evil"). Takes a
 * query parameter as it comes: a repeated one (an array) is refused.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!PLAIN_ASCII.test(value) || !isSamePath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_PROBE) return null;
  const normalised = url.pathname + url.search + url.hash;
  // The rule holds for what we hand on, not only for what came in.
  if (!PLAIN_ASCII.test(normalised) || !isSamePath(normalised)) return null;
  return normalised;
}

/** `/login?redirect=<path with query>` for an auth route visited without a session. */
export function loginRedirectPath(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

// Pages about the account itself, and the claim wizard that opens a business
// account: logging in from one of them has nothing to come back to (and would
// carry their own ?redirect= along), so the header's "Log in" there is plain,
// as on home and the guest-only pages. The wizard's own "Log in" carries the
// tag to the claim form instead.
const ACCOUNT_PAGES = ["/register", "/auth", "/sign-out", "/claim/register"];

/**
 * The header's "Log in" from the page being read: back to that page after
 * log-in, or null for plain /login (home, guest-only and account pages, and
 * anything that is not a safe same-origin path).
 */
export function headerLoginPath(pathname: string, search: string): string | null {
  if (pathname === "/" || guardFor(pathname) === "guest") return null;
  if (ACCOUNT_PAGES.some((page) => matches(pathname, page))) return null;
  return safeRedirectPath(pathname + search) ? loginRedirectPath(pathname, search) : null;
}

/** Request header in which the proxy passes the requested path (with query) to server components. */
export const PATH_HEADER = "x-loyaltap-path";
