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

export type CookieSession = { userId: string; sessionVersion: number };

/**
 * Who the Auth.js session cookie of a request names and the session version
 * it was issued under (0 when it carries none), read from the headers alone,
 * so route handlers, server components and tests share one path. The version
 * is compared with the user's own by the caller.
 */
export async function sessionFromCookie(cookieHeader: string | null): Promise<CookieSession | null> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: authSecret(), salt: SESSION_COOKIE });
    if (typeof payload?.sub !== "string" || !payload.sub) return null;
    const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
    if (typeof sessionVersion !== "number" || !Number.isSafeInteger(sessionVersion)) return null;
    return { userId: payload.sub, sessionVersion };
  } catch {
    return null;
  }
}

/** The user id in the session cookie (no version check: the proxy's first filter). */
export async function sessionUserIdFromCookie(cookieHeader: string | null): Promise<string | null> {
  return (await sessionFromCookie(cookieHeader))?.userId ?? null;
}
