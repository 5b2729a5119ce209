// Which requests the proxy serves under the reader's language (docs/i18n.md, "A
// signed-in person's setting, and the static pages"): every page of the site, which
// lives under app/(site)/[locale]/. Not the JSON API, Next.js's own files, files with
// an extension (robots.txt, the manifest, icons), the public card and the visitor's
// tap page (each has its own root layout), nor the route handlers outside [locale].
// Relative imports only: the proxy's matcher test reads it beside next.config.ts.
import { isVisitorTap, type TapRequest } from "../nfc/visitor-tap";

const OUTSIDE_THE_SITE = [
  /^\/api(\/|$)/,
  /^\/_next\//,
  /^\/b\//,
  /^\/tap\/visitor(\/|$)/,
  /^\/logout$/,
  /^\/auth\/session-ended$/,
];

/** True for a path the proxy rewrites to /<locale><path>. */
export function isSitePage(request: TapRequest): boolean {
  const { pathname } = request;
  if (OUTSIDE_THE_SITE.some((pattern) => pattern.test(pathname))) return false;
  // A file (favicon.ico, sitemap.xml, manifest.webmanifest, icon-192.png).
  if (/\.[^/]*$/.test(pathname)) return false;
  return !isVisitorTap(request);
}

// Next.js forwards a server action posted to a page that does not hold it to one
// that does, by that page's route name: "/[locale]/dashboard/program/create". That
// literal segment stands for the reader's language like any other site path.
const ROUTE_LOCALE_SEGMENT = /^\/(?:\[locale\]|%5Blocale%5D)(?=\/|$)/i;

/** The internal path of a site page in `locale`: /dashboard → /es/dashboard, / → /es, /[locale]/x → /es/x. */
export function localizedPath(locale: string, pathname: string): string {
  const path = pathname.replace(ROUTE_LOCALE_SEGMENT, "") || "/";
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}
