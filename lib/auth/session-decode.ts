import { decode } from "next-auth/jwt";
import { authSecret, SESSION_COOKIE } from "@/lib/auth/cookies";

function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export type CookieSession = { userId: string; sessionVersion: number; guest: boolean };

// Decoded cookies, kept until their own expiry: decrypting the cookie (an
// encrypted JWT, hkdf then AES and two HMACs) cost about a tenth of a signed-in
// page's CPU, and it ran twice per request (the proxy, then the page). The key is
// the whole cookie, so a kept answer is exactly what decoding it again would say
// until it expires; whether the session is still current (its version against
// the user's) is checked by the caller on every request, as before.
const MAX_KEPT = 5000;
const decoded = new Map<string, { session: CookieSession; expiresAtMs: number }>();

function keep(token: string, session: CookieSession, exp: unknown) {
  if (typeof exp !== "number") return;
  if (decoded.size >= MAX_KEPT) decoded.delete(decoded.keys().next().value!);
  decoded.set(token, { session, expiresAtMs: exp * 1000 });
}

/**
 * Who the Auth.js session cookie of a request names and the session version
 * it was issued under (0 when it carries none), read from the headers alone,
 * so route handlers, server components and tests share one path. The version
 * is compared with the user's own by the caller.
 */
export async function sessionFromCookie(cookieHeader: string | null): Promise<CookieSession | null> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  const kept = decoded.get(token);
  if (kept) {
    if (kept.expiresAtMs > Date.now()) return kept.session;
    decoded.delete(token);
  }
  try {
    const payload = await decode({ token, secret: authSecret(), salt: SESSION_COOKIE });
    if (typeof payload?.sub !== "string" || !payload.sub) return null;
    const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
    if (typeof sessionVersion !== "number" || !Number.isSafeInteger(sessionVersion)) return null;
    const session = { userId: payload.sub, sessionVersion, guest: payload.guest === true };
    keep(token, session, payload.exp);
    return session;
  } catch {
    return null;
  }
}

/** The user id in the session cookie (no version check: the proxy's first filter). */
export async function sessionUserIdFromCookie(cookieHeader: string | null): Promise<string | null> {
  return (await sessionFromCookie(cookieHeader))?.userId ?? null;
}
