import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE, useSecureCookies } from "@/lib/auth/cookies";
import { guardFor, loginRedirectPath, PATH_HEADER } from "@/lib/auth/redirects";
import { sessionFromCookie } from "@/lib/auth/session-decode";
import { isServerActionPost, refuseBadServerAction } from "@/lib/http/server-action-guard";
import { findUserLanguage } from "@/lib/db/users";
import { setLocaleCookie } from "@/lib/i18n/locale-cookie";
import { isLocale, LOCALE_COOKIE, storedLocale, type Locale } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { NEXT_INTL_LOCALE_HEADER } from "@/lib/i18n/request-header";
import { isSitePage, localizedPath } from "@/lib/i18n/site-path";

/** The reader's language: their own setting (its cookie, set at sign-in and in Settings), else the browser's. */
function readerLocale(request: NextRequest): Locale {
  const fromCookie = request.cookies.get(LOCALE_COOKIE)?.value;
  return isLocale(fromCookie) ? fromCookie : negotiateLocale(request.headers.get("accept-language"));
}

/**
 * A signed-in person's own setting, read from the database: the language may have
 * been changed on another device since this one's cookie was set. One primary-key
 * read, only when a session cookie is present (never on the visitor's cached pages,
 * which the proxy does not run on). `null` when there is no valid session, or the
 * read fails: the page then checks the session itself and reports its own failure.
 */
async function accountLocale(request: NextRequest): Promise<Locale | null> {
  if (!request.cookies.has(SESSION_COOKIE)) return null;
  const session = await sessionFromCookie(request.headers.get("cookie"));
  if (!session) return null;
  const account = await findUserLanguage(session.userId).catch(() => null);
  if (!account || account.disabledAt || account.sessionVersion !== session.sessionVersion) return null;
  return storedLocale(account.language);
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
  const own = await accountLocale(request);
  const locale = own ?? readerLocale(request);
  forwarded.set(NEXT_INTL_LOCALE_HEADER, locale);
  const target = request.nextUrl.clone();
  target.pathname = localizedPath(locale, pathname);
  const response = NextResponse.rewrite(target, { request: { headers: forwarded } });
  // The device's cookie follows the account (it was changed elsewhere, or lost), so the
  // pages outside the proxy (the card, the visitor's tap) read the same language.
  if (own && request.cookies.get(LOCALE_COOKIE)?.value !== own)
    setLocaleCookie(response.cookies, own, useSecureCookies);
  return response;
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
