// The tap page's place in the browser's history. Once a visit is answered, the
// page's own entry is replaced by /tap?…&visit=<key>, the key the visit was
// recorded under: going Back to it (or reloading it) shows that answer again,
// read back from the key, and never records a second visit. No server-only
// import: the recorder in the browser uses it.

/** An Idempotency-Key: 8 to 128 letters, digits, '-', '_', '.' or ':' (docs/tap-api.md). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** The query parameter naming the visit a tap page shows. */
export const VISIT_PARAM = "visit";

/** The visit key a tap page's query carries (`?visit=`), or null when it has none or a malformed one. */
export function visitKeyOf(search: string): string | null {
  const key = new URLSearchParams(search).get(VISIT_PARAM);
  return key && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null;
}

/** The same address with `visit=<key>` (replacing any), everything else kept: the tag, a secure tag's parameters. */
export function withVisitKey(href: string, key: string): string {
  const url = new URL(href, "http://localhost");
  url.searchParams.set(VISIT_PARAM, key);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sessionStorage entry that says a visit's result was already shown in this tab (and led on to the dashboard). */
export function shownKey(visitKey: string): string {
  return `loyaltap:tap-shown:${visitKey}`;
}
