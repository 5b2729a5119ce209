// A visitor's plain /tap?id=<id> (no session cookie, no secure-tag parameters) is
// the same page for everyone who reads the same language: next.config.ts rewrites it
// to the cached per-tag page /tap/visitor/<id>/<lang> in the language the URL asks for
// (the page's switch: ?lang=), else the reader's (their locale cookie, else their
// Accept-Language: lib/i18n/reader-locale.ts), else /tap/visitor/<id>, the business's.
// Each language is its own URL, so its own cache entry. Done by config rewrites, not
// the proxy, because a config rewrite costs nothing per request while running the
// proxy halves the throughput of a cached page. The proxy runs on every other /tap (its matcher is the
// complement of these rules, tests/unit/visitor-tap.test.ts) and serves the
// signed-in /tap in the person's language.
// Relative imports only: next.config.ts loads this file.
import { SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "../auth/cookie-names";
import { LOCALES } from "../i18n/locales";
import { READER_LOCALE_CONDITIONS } from "../i18n/reader-locale";
import { SUN_PARAMETER_NAMES } from "./sun-parameters";

export const VISITOR_TAP_PATH = "/tap";
/** A tag id the cached page can be keyed by (the page validates it again). */
export const VISITOR_TAP_ID_PATTERN = "[A-Za-z0-9_-]{1,64}";
export const SESSION_COOKIES = [SESSION_COOKIE_NAME, SECURE_SESSION_COOKIE_NAME] as const;

const missing = [
  ...SESSION_COOKIES.map((key) => ({ type: "cookie" as const, key })),
  ...SUN_PARAMETER_NAMES.map((key) => ({ type: "query" as const, key })),
];
const idCondition = { type: "query" as const, key: "id", value: `(?<id>${VISITOR_TAP_ID_PATTERN})` };

/** The config rewrites, tried in order: the URL's language, the reader's, then the business's. */
export const visitorTapRewrites = [
  {
    source: VISITOR_TAP_PATH,
    has: [idCondition, { type: "query" as const, key: "lang", value: `(?<lang>${LOCALES.join("|")})` }],
    missing,
    destination: "/tap/visitor/:id/:lang",
  },
  ...READER_LOCALE_CONDITIONS.map((condition) => ({
    source: VISITOR_TAP_PATH,
    has: [idCondition, condition],
    missing,
    destination: "/tap/visitor/:id/:lang",
  })),
  { source: VISITOR_TAP_PATH, has: [idCondition], missing, destination: "/tap/visitor/:id" },
];

/** What the request carries that the rewrite looks at. */
export type TapRequest = { pathname: string; query: URLSearchParams; hasCookie: (name: string) => boolean };

/**
 * True when the config rewrite above serves this request (the same test Next.js
 * applies: the last `id` matches, and no session cookie or SUN parameter has a value).
 */
export function isVisitorTap({ pathname, query, hasCookie }: TapRequest): boolean {
  if (pathname !== VISITOR_TAP_PATH) return false;
  const id = query.getAll("id").at(-1);
  if (!id || !new RegExp(`^${VISITOR_TAP_ID_PATTERN}$`).test(id)) return false;
  if (SESSION_COOKIES.some(hasCookie)) return false;
  return !SUN_PARAMETER_NAMES.some((name) => Boolean(query.get(name)));
}
