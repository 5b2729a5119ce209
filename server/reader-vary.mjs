// The visitor's /tap?id=<id> and the card's /b/<slug> answer in the reader's language,
// picked by config rewrites from the locale cookie and Accept-Language (docs/i18n.md):
// one URL, several answers. A shared cache in front (a CDN, nginx) must key them by
// both, so their answers carry `Vary: Cookie, Accept-Language` beside the Vary Next.js
// sets (docs/caching.md, "One page per language, and what a CDN may keep"). Added
// here, when the headers are written, because Next.js sets its own Vary on a page
// and replaces one from next.config.ts's headers().

export const READER_VARY = ["Cookie", "Accept-Language"];

/** True for a request whose answer depends on the reader's language: /tap with an id, /b/<slug>. */
export function variesByReader(url) {
  const [pathname, query = ""] = (url ?? "/").split("?");
  if (pathname === "/tap") return new URLSearchParams(query).has("id");
  return /^\/b\/[^/]+\/?$/.test(pathname);
}

/** `value` (a Vary header, maybe absent) with READER_VARY added once each. */
export function withReaderVary(value) {
  const present = String(value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const lower = new Set(present.map((name) => name.toLowerCase()));
  if (lower.has("*")) return present.join(", ");
  return [...present, ...READER_VARY.filter((name) => !lower.has(name.toLowerCase()))].join(", ");
}

/** Adds READER_VARY to the response's Vary when its headers are written. */
export function addReaderVary(response) {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadWithVary(...args) {
    response.setHeader("Vary", withReaderVary(response.getHeader("Vary")));
    return writeHead.apply(this, args);
  };
}
