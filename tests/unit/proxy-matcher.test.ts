// The proxy must run on every page of the site (it picks the reader's language
// and rewrites /dashboard to /<locale>/dashboard) and never on the visitor's
// cached /tap?id=<id>, which a config rewrite serves for free. Its matcher is a
// literal Next.js reads at build time, so it is checked here, through Next.js's
// own matcher code, against the rewrite's rules (lib/nfc/visitor-tap.ts).
import * as staticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { config } from "@/proxy";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { DOTTED_PATH_REWRITES, isSitePage, localizedPath } from "@/lib/i18n/site-path";
import { isVisitorTap, visitorTapRewrites } from "@/lib/nfc/visitor-tap";

type Request = { path: string; cookies?: Record<string, string>; headers?: Record<string, string> };

// Exported at run time but not in Next.js's type declarations.
const { getMiddlewareMatchers } = staticInfo as unknown as {
  getMiddlewareMatchers: (matcher: unknown, nextConfig: object) => Parameters<typeof getMiddlewareRouteMatcher>[0];
};
const proxyMatches = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));

function parts({ path, cookies = {}, headers = {} }: Request) {
  const url = new URL(path, "http://loyaltap.test");
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  const req = { headers: { ...headers, ...(cookie ? { cookie } : {}) } };
  return { url, query, req };
}

function proxyRuns(request: Request): boolean {
  const { url, query, req } = parts(request);
  return proxyMatches(url.pathname, req as never, query);
}

function rewriteServes(request: Request): boolean {
  const { url, query, req } = parts(request);
  return visitorTapRewrites.some(
    (rule) => url.pathname === rule.source && Boolean(matchHas(req as never, query, rule.has, rule.missing)),
  );
}

function pageOf(request: Request) {
  const { url } = parts(request);
  return {
    pathname: url.pathname,
    query: url.searchParams,
    hasCookie: (name: string) => Boolean(request.cookies?.[name]),
  };
}

const session = { "authjs.session-token": "x" };
const secureSession = { "__Secure-authjs.session-token": "x" };

const TAPS: Request[] = [
  { path: "/tap?id=cafe-1" },
  { path: "/tap?id=cafe_1&lang=es" },
  { path: "/tap?id=cafe-1&lang=fr" },
  { path: "/tap?id=cafe-1", cookies: session },
  { path: "/tap?id=cafe-1", cookies: secureSession },
  { path: "/tap?id=cafe-1", cookies: { "authjs.session-token": "" } },
  { path: "/tap?id=cafe-1", cookies: { "loyaltap-locale": "es" } },
  { path: "/tap" },
  { path: "/tap?id=" },
  { path: "/tap?id=caf%C3%A9" },
  { path: "/tap?id=a.b" },
  { path: `/tap?id=${"x".repeat(65)}` },
  { path: `/tap?id=${"x".repeat(64)}` },
  { path: "/tap?id=bad&id=cafe-1" },
  { path: "/tap?id=cafe-1&id=bad%20id" },
  { path: "/tap?id=cafe-1&picc_data=AB&cmac=CD" },
  { path: "/tap?id=cafe-1&enc=AB" },
  { path: "/tap?id=cafe-1&uid=04AB&ctr=000001&cmac=CD" },
  { path: "/tap?id=cafe-1&ctr=" },
];

describe("the proxy's matcher and the visitor's tap rewrite", () => {
  it.each(TAPS)("exactly one of them serves %j", (request) => {
    expect(proxyRuns(request)).toBe(!rewriteServes(request));
  });

  it.each(TAPS)("isVisitorTap agrees with the rewrite for %j", (request) => {
    expect(isVisitorTap(pageOf(request))).toBe(rewriteServes(request));
    expect(isSitePage(pageOf(request))).toBe(!rewriteServes(request));
  });

  it("serves the plain visitor tap from the cache, with or without a language", () => {
    expect(rewriteServes({ path: "/tap?id=cafe-1" })).toBe(true);
    expect(rewriteServes({ path: "/tap?id=cafe-1&lang=ca" })).toBe(true);
    expect(rewriteServes({ path: "/tap?id=cafe-1", cookies: session })).toBe(false);
  });

  it.each([
    "/",
    "/about",
    "/terms",
    "/privacy",
    "/login",
    "/register",
    "/register/business",
    "/claim/register",
    "/dashboard",
    "/dashboard/settings",
    "/dashboard/tag/claim/abc",
    "/admin/users",
    "/qr/0190-abc",
    "/auth/reset",
    "/auth/callback",
    "/auth/verify-email",
    "/sign-out",
  ])("runs on the site page %s, and rewrites it", (path) => {
    expect(proxyRuns({ path })).toBe(true);
    expect(isSitePage(pageOf({ path }))).toBe(true);
  });

  it.each([
    "/api/tap",
    "/api/auth/login",
    "/_next/static/chunks/a.js",
    "/b/cafe-central",
    "/b/cafe-central/es",
    "/tap/visitor/cafe-1",
    "/logout",
    "/auth/session-ended",
    "/robots.txt",
    "/sitemap.xml",
    "/manifest.webmanifest",
    "/favicon.ico",
    "/b/cafe/opengraph-image",
  ])("leaves %s alone", (path) => {
    expect(proxyRuns({ path })).toBe(false);
    expect(isSitePage(pageOf({ path }))).toBe(false);
  });

  it("still checks a server action posted to any page", () => {
    expect(proxyRuns({ path: "/b/cafe-central", headers: { "next-action": "abc" } })).toBe(true);
    expect(proxyRuns({ path: "/tap?id=cafe-1", headers: { "next-action": "abc" } })).toBe(true);
  });

  it("serves a site page under the reader's language, and Next.js's own route name of it too", () => {
    expect(localizedPath("es", "/")).toBe("/es");
    expect(localizedPath("es", "/dashboard/settings")).toBe("/es/dashboard/settings");
    // Where Next.js forwards a server action to the page that holds it.
    expect(localizedPath("ca", "/[locale]/dashboard/program/create")).toBe("/ca/dashboard/program/create");
    expect(localizedPath("ca", "/%5Blocale%5D/dashboard/redeem-reward/%5Bid%5D")).toBe(
      "/ca/dashboard/redeem-reward/%5Bid%5D",
    );
    expect(localizedPath("en", "/[locale]")).toBe("/en");
    expect(localizedPath("en", "/[locales]/x")).toBe("/en/[locales]/x");
  });
});

describe("a dotted path nothing serves (next.config.ts afterFiles)", () => {
  // The rule Next.js's own matcher applies to `path`, or null.
  const ruleFor = (path: string) => DOTTED_PATH_REWRITES.find((rule) => getPathMatch(rule.source)(path)) ?? null;

  it("is served under /en/, where no page has it: the English not-found page", () => {
    for (const path of ["/wp-login.php", "/.env", "/es.png", "/apple-touch-icon.png", "/x.png/about"])
      expect({ path, destination: ruleFor(path)?.destination }).toEqual({
        path,
        destination: expect.stringMatching(/^\/en\/:file/),
      });
  });

  it("leaves paths without a dot in their first segment to the proxy and the routes", () => {
    for (const path of ["/about", "/es/x.png", "/icons/icon-192.png", "/_next/static/x.js", "/b/cafe/opengraph-image"])
      expect({ path, rule: ruleFor(path) }).toEqual({ path, rule: null });
  });
});
