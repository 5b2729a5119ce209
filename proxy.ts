import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { guardFor, loginRedirectPath, PATH_HEADER } from "@/lib/auth/redirects";
import { sessionFromCookie } from "@/lib/auth/session-decode";
import { isServerActionPost, refuseBadServerAction } from "@/lib/http/server-action-guard";
import { isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { isSitePage, localizedPath } from "@/lib/i18n/site-path";

// next-intl reads the request's locale from this header where no page named one
// (server actions, route segments rendered on their own).
const NEXT_INTL_LOCALE_HEADER = "X-NEXT-INTL-LOCALE";

/** The reader's language: their own setting (its cookie, set at sign-in and in Settings), else the browser's. */
function readerLocale(request: NextRequest): Locale {
  const fromCookie = request.cookies.get(LOCALE_COOKIE)?.value;
  return isLocale(fromCookie) ? fromCookie : negotiateLocale(request.headers.get("accept-language"));
}

// Route guards (lib/auth/redirects.ts), then every page of the site is served
// under the reader's language: /dashboard is rendered as /es/dashboard, the
// address bar keeps /dashboard (docs/i18n.md). The guards are the first check
// only: every page and handler authorises again on the server (lib/auth/current-user),
// since a proxy can be bypassed. It decodes the Auth.js session cookie itself, so a
// request without one costs no more than reading two headers.
export async function proxy(request: NextRequest) {
  if (isServerActionPost(request)) {
    const refused = await refuseBadServerAction(request);
    if (refused) return refused;
  }
  const { pathname, search } = request.nextUrl;
  const guard = guardFor(pathname);
  if (guard !== "none") {
    const hasCookie = request.cookies.has(SESSION_COOKIE);
    const session = hasCookie ? await sessionFromCookie(request.headers.get("cookie")) : null;
    const signedIn = Boolean(session);
    // A guest card's device comes to /login to keep its card: it is not sent away.
    if (guard === "guest" && session && !session.guest) {
      return NextResponse.redirect(new URL("/dashboard", request.nextUrl));
    }
    if (guard === "auth" && !signedIn) {
      return NextResponse.redirect(new URL(loginRedirectPath(pathname, search), request.nextUrl));
    }
  }
  // Server-side checks (lib/auth/current-user) rebuild the login redirect from this.
  const forwarded = new Headers(request.headers);
  forwarded.set(PATH_HEADER, pathname + search);
  const page = {
    pathname,
    query: request.nextUrl.searchParams,
    hasCookie: (name: string) => Boolean(request.cookies.get(name)?.value),
  };
  if (!isSitePage(page)) return NextResponse.next({ request: { headers: forwarded } });
  const locale = readerLocale(request);
  forwarded.set(NEXT_INTL_LOCALE_HEADER, locale);
  const target = request.nextUrl.clone();
  target.pathname = localizedPath(locale, pathname);
  return NextResponse.rewrite(target, { request: { headers: forwarded } });
}

// Literal values only: Next.js reads this object at build time. It must match
// every site page and never the visitor's cached /tap?id= (lib/nfc/visitor-tap.ts):
// tests/unit/proxy-matcher.test.ts checks both against the constants.
export const config = {
  matcher: [
    // Every path but the API, Next.js's files, files with an extension, the card,
    // the visitor's tap page, /tap itself (below) and the route handlers outside the site.
    "/((?!api(?:/|$)|_next/|b/|tap(?:/|$)|logout$|auth/session-ended$|.*\\.).*)",
    // /tap whenever the visitor rewrite does not apply: no id, an id it refuses,
    // a session cookie, a secure tag's SUN parameters.
    { source: "/tap", missing: [{ type: "query", key: "id" }] },
    { source: "/tap", has: [{ type: "query", key: "id", value: "(?![A-Za-z0-9_-]{1,64}$).*" }] },
    { source: "/tap", has: [{ type: "cookie", key: "authjs.session-token" }] },
    { source: "/tap", has: [{ type: "cookie", key: "__Secure-authjs.session-token" }] },
    { source: "/tap", has: [{ type: "query", key: "picc_data" }] },
    { source: "/tap", has: [{ type: "query", key: "enc" }] },
    { source: "/tap", has: [{ type: "query", key: "cmac" }] },
    { source: "/tap", has: [{ type: "query", key: "uid" }] },
    { source: "/tap", has: [{ type: "query", key: "ctr" }] },
    // Server-action posts on any page: malformed ones get a 4xx (lib/http/server-action-guard).
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};
