import { SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "@/lib/auth/cookie-names";
import { authEnv } from "@/lib/auth/env";
import { siteUrl } from "@/lib/site";

// Secure cookies whenever the site is served over https (production); plain
// http://localhost development and the e2e server keep unprefixed names.
export const useSecureCookies = siteUrl().startsWith("https://");
export const SESSION_COOKIE = useSecureCookies ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;
// A guest card lives on its device's cookie alone, so that cookie lasts as long as a browser
// keeps one (Chrome caps cookies at 400 days) and is renewed on every visit the guest records;
// the sweep deletes a guest after 12 months without a visit (docs/authentication.md, "Guests").
export const GUEST_SESSION_MAX_AGE = 400 * 24 * 60 * 60;

export function sessionCookieOptions(maxAge = SESSION_MAX_AGE) {
  return { httpOnly: true, sameSite: "lax" as const, secure: useSecureCookies, path: "/", maxAge };
}

export function authSecret(): string {
  const secret = authEnv.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set (npm start generates one for local use)");
  return secret;
}
