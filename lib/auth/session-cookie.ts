import "server-only";
import { encode } from "next-auth/jwt";
import {
  authSecret,
  GUEST_SESSION_MAX_AGE,
  SESSION_COOKIE,
  SESSION_MAX_AGE,
  sessionCookieOptions,
  useSecureCookies,
} from "@/lib/auth/cookies";
import { setLocaleCookie, type LocaleCookieOptions } from "@/lib/i18n/locale-cookie";
import { storedLocale } from "@/lib/i18n/locales";
import type { AppRole } from "@/lib/auth/config";

/**
 * The Auth.js session cookie value for a user, so that a password sign-in
 * through our own login (API or form) yields the same web session as Auth.js's
 * OAuth sign-in: one session format for the proxy and every server check.
 * `sv` is the user's session version: bumping it voids the cookie. A guest's
 * cookie says so (`guest`), so the proxy lets it reach the sign-in pages that
 * keep the card, and lasts GUEST_SESSION_MAX_AGE.
 */
export function encodeSessionToken(user: {
  id: string;
  role: AppRole;
  name: string | null;
  email: string | null;
  sessionVersion: number;
  guest?: boolean;
}) {
  const token = { sub: user.id, role: user.role, name: user.name, email: user.email, sv: user.sessionVersion };
  return encode({
    salt: SESSION_COOKIE,
    secret: authSecret(),
    maxAge: user.guest ? GUEST_SESSION_MAX_AGE : SESSION_MAX_AGE,
    token: user.guest ? { ...token, guest: true } : token,
  });
}

/** The session cookie's options for this user: a guest's lasts as long as its card may. */
function cookieOptionsFor(user: { guest?: boolean }) {
  return sessionCookieOptions(user.guest ? GUEST_SESSION_MAX_AGE : SESSION_MAX_AGE);
}

/**
 * A guest's cookie, issued again (a visit it records renews it): its card is kept for
 * as long as it keeps visiting, however long that is.
 */
export async function renewGuestSession(
  store: { set: (name: string, value: string, options: SignInCookieOptions) => unknown },
  guest: { userId: string; sessionVersion: number },
): Promise<void> {
  const user = { id: guest.userId, role: "CUSTOMER" as const, name: null, email: null, guest: true };
  store.set(
    SESSION_COOKIE,
    await encodeSessionToken({ ...user, sessionVersion: guest.sessionVersion }),
    cookieOptionsFor(user),
  );
}

type SignInCookieOptions = ReturnType<typeof sessionCookieOptions> | LocaleCookieOptions;

/**
 * What every sign-in sets (password log-in, sign-up, the API's): the session
 * cookie and the person's language cookie, from their `users.language`.
 * `store` is `await cookies()` in an action or a response's `cookies`.
 */
export async function setSignInCookies(
  store: { set: (name: string, value: string, options: SignInCookieOptions) => unknown },
  user: Parameters<typeof encodeSessionToken>[0] & { language: string },
): Promise<void> {
  store.set(SESSION_COOKIE, await encodeSessionToken(user), cookieOptionsFor(user));
  setLocaleCookie(store, storedLocale(user.language), useSecureCookies);
}
