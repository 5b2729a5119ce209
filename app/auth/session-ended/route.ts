import { NextResponse } from "next/server";
import { clearSessionCookie } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { loginRedirectPath, safeRedirectPath } from "@/lib/auth/redirects";

/**
 * GET /auth/session-ended?redirect=<path>: where a page sends a browser whose
 * session cookie is well-formed but no longer valid (signed out elsewhere,
 * password changed, account disabled). It deletes that cookie — only when the
 * session really is invalid, so no other site can sign anyone out with it —
 * and continues to the log-in page. Without this the proxy, which only
 * decodes the cookie, would bounce /login back to the dashboard forever.
 */
export async function GET(request: Request) {
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirect")) ?? "/dashboard";
  const valid = await getUserFromHeaders(request.headers).catch(() => null);
  const url = new URL(target, "http://loyaltap.invalid");
  const location = valid ? safeLocation(target) : loginRedirectPath(url.pathname, url.search);
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
  if (!valid) clearSessionCookie(response);
  return response;
}

function safeLocation(path: string): string {
  return /^\/[\/\\]/.test(path) ? "/" : path;
}
