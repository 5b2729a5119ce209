import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { guardFor, loginRedirectPath, PATH_HEADER } from "@/lib/auth/redirects";
import { sessionUserIdFromCookie } from "@/lib/auth/session-decode";
import { isServerActionPost, refuseBadServerAction } from "@/lib/http/server-action-guard";

// Route guards (lib/auth/redirects.ts). This is the first check only: every page and handler
// authorises again on the server (lib/auth/current-user), since a proxy can be
// bypassed. It decodes the Auth.js session cookie itself, so a request without
// one (every visitor) costs nothing.
export async function proxy(request: NextRequest) {
  if (isServerActionPost(request)) {
    const refused = await refuseBadServerAction(request);
    if (refused) return refused;
  }
  const { pathname, search } = request.nextUrl;
  const hasCookie = request.cookies.has(SESSION_COOKIE);
  const signedIn = hasCookie && Boolean(await sessionUserIdFromCookie(request.headers.get("cookie")));

  const guard = guardFor(pathname);
  if (guard === "guest" && signedIn) {
    return NextResponse.redirect(new URL("/dashboard", request.nextUrl));
  }
  if (guard === "auth" && !signedIn) {
    return NextResponse.redirect(new URL(loginRedirectPath(pathname, search), request.nextUrl));
  }
  // Server-side checks (lib/auth/current-user) rebuild the login redirect from this.
  const forwarded = new Headers(request.headers);
  forwarded.set(PATH_HEADER, pathname + search);
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  matcher: [
    "/login",
    "/dashboard/:path*",
    "/admin/:path*",
    // Server-action posts on any page: malformed ones get a 4xx (lib/http/server-action-guard).
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};
