// Which requests the proxy serves under the reader's language (docs/i18n.md, "A
// signed-in person's setting, and the static pages"): every page of the site, which
// lives under app/(site)/[locale]/. Not the JSON API, Next.js's own files, files with
// an extension (robots.txt, the manifest, icons), the public card and the visitor's
// tap page (each has its own root layout), nor the route handlers outside [locale].
// Relative imports only: the proxy's matcher test reads it beside next.config.ts.
import { isVisitorTap, type TapRequest } from "../nfc/visitor-tap";
import { DEFAULT_LOCALE } from "./locales";

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

// A path whose first segment has a dot and that no file or route serves
// (/wp-login.php, /.env, /x.png/about, /es.png): the proxy leaves it alone, as
// it skips files, and Next.js took that segment for the language of
// app/(site)/[locale], whose not-found page then had no language but the
// request's to read, on a prerendered route: a 500. next.config.ts rewrites
// such a path after files and fixed routes were tried (afterFiles) to the
// same path under the default language, where no page has it: the English
// not-found page (app/global-not-found.tsx) with a 404.
export const DOTTED_PATH_REWRITES = [
  { source: "/:file([^/]*\\.[^/]*)", destination: `/${DEFAULT_LOCALE}/:file` },
  { source: "/:file([^/]*\\.[^/]*)/:rest*", destination: `/${DEFAULT_LOCALE}/:file/:rest*` },
];
