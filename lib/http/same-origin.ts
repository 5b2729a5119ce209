import { NextResponse } from "next/server";
import { authEnv } from "@/lib/auth/env";
import { message } from "@/lib/i18n/message";

/** The plain-text refusal of a cross-site server action (its JSON twin is the `api.crossSite` message). */
export const CROSS_SITE_MESSAGE =
  "Cross-site requests are not allowed. Send this request from the Loyaltap site itself.";

/** The origins a cookie-carrying request may come from: its own, and the configured public one. */
export function allowedOrigins(request: Request): Set<string> {
  const origins = new Set<string>();
  try {
    origins.add(new URL(request.url).origin);
  } catch {
    // A request without an absolute URL has no own origin to match.
  }
  for (const configured of [authEnv.SITE_URL, authEnv.AUTH_URL]) {
    if (!configured) continue;
    try {
      origins.add(new URL(configured).origin);
    } catch {
      // A malformed setting allows nothing.
    }
  }
  return origins;
}

/**
 * Cross-site request refusal for state-changing route handlers that accept
 * the session cookie: returns the 403 to send when a request carries cookies
 * but its Origin is missing or another site's, or null to go on.
 *
 * Browsers attach cookies to cross-site posts but always send Origin on a
 * POST, and a page on another site cannot set an Authorization header without
 * a CORS preflight we never answer. So a call with an Authorization header
 * (a bearer token) is usable from any origin, and so is a call without cookies.
 */
export function refuseCrossSite(request: Request): NextResponse | null {
  if (request.headers.get("authorization")) return null;
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.trim()) return null;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null" && allowedOrigins(request).has(origin)) return null;
  return NextResponse.json(
    { status: "error", message: message("api.crossSite"), code: "cross_site_request" },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}
