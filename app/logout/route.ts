import { NextResponse } from "next/server";
import { readLimited } from "@/lib/http/api";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { clearSessionCookie } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { revokeAllSessions } from "@/lib/auth/sessions";

const MAX_FORM_BYTES = 8 * 1024;

/**
 * POST /logout (a plain form, so it works without JavaScript): ends every
 * session of the user, clears the session cookie with the attributes it was
 * set with, and goes to the optional same-origin `redirect` field, else home.
 * The language cookie stays: it is this device's last choice, for the pages after.
 * Only a POST signs out: a link or an image on another site cannot.
 */
export async function POST(request: Request) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = await getUserFromHeaders(request.headers).catch(() => null);
  if (user) await revokeAllSessions(user.id);
  // A relative Location: the browser stays on the origin it used, behind any proxy.
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: safeRedirectPath(await readRedirectField(request)) ?? "/" },
  });
  clearSessionCookie(response);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * GET /logout signs nobody out: it sends the browser to the site's sign-out page,
 * whose button posts here (a relative Location, so the browser stays on its origin).
 */
export function GET() {
  return new NextResponse(null, { status: 303, headers: { Location: "/sign-out", "Cache-Control": "no-store" } });
}

async function readRedirectField(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  try {
    return new URLSearchParams(await readLimited(request, MAX_FORM_BYTES)).get("redirect");
  } catch {
    return null; // too large or unreadable: no redirect, still signed out
  }
}
