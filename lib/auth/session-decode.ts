import { decode } from "next-auth/jwt";
import { authSecret, SESSION_COOKIE } from "@/lib/auth/cookies";

function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

/**
 * The user id in the Auth.js session cookie of a request, read from its
 * headers alone, so route handlers, server components and tests share one path.
 */
export async function sessionUserIdFromCookie(cookieHeader: string | null): Promise<string | null> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: authSecret(), salt: SESSION_COOKIE });
    return typeof payload?.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
