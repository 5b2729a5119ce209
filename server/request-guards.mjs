// Checks the HTTP server runs on a request before Next.js sees it. Returns
// null to let the request through, or { status, headers?, body } to answer
// at once: a 4xx for input Next.js itself would turn into a 500.
//
// Plain ESM with no imports from lib/: the custom server loads it as is.

/** Next.js refuses server-action bodies over 1 MB (its default bodySizeLimit) with a 500. */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;

// What a server-action call sends: React's fetch (text/plain with a JSON
// array, or multipart/form-data when an argument is FormData) or a form
// posted before hydration (multipart or urlencoded).
const SERVER_ACTION_CONTENT_TYPES = new Set(["text/plain", "multipart/form-data", "application/x-www-form-urlencoded"]);

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

function answer(status, body, headers = {}) {
  return { status, headers: { ...TEXT, ...headers }, body };
}

function header(request, name) {
  const value = request.headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path part of a request target ("/a/b?c" or the absolute form "http://host/a/b?c"). */
export function requestPath(target) {
  let path = typeof target === "string" ? target : "";
  if (!path.startsWith("/")) {
    const afterScheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
    path = afterScheme ? path.slice(afterScheme[0].length) || "/" : path;
  }
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** True when the path holds a NUL, raw or as %00: never part of an address of ours, and fatal to file-system caches. */
export function hasNulByte(path) {
  return path.includes("\u0000") || /%00/.test(path);
}

/**
 * True when the path has a percent-escape that does not decode: "%zz", a
 * lone "%", or bytes that are not UTF-8 ("%C3%28", "%FF"). Next.js decodes
 * dynamic segments itself and answers such paths with a 500.
 */
export function hasMalformedPercentEscape(path) {
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function originOf(value) {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

// The origins a server action may be posted from: the host the request was
// sent to (as Next.js checks it) and the configured public origin.
function sameOriginHosts(request, env) {
  const hosts = new Set();
  const forwarded = header(request, "x-forwarded-host");
  const host = header(request, "host");
  for (const value of [forwarded?.split(",")[0]?.trim(), host]) if (value) hosts.add(value.toLowerCase());
  for (const configured of [env.SITE_URL, env.AUTH_URL]) {
    const origin = configured ? originOf(configured) : null;
    if (origin) hosts.add(new URL(origin).host.toLowerCase());
  }
  return hosts;
}

function guardServerAction(request, env) {
  const origin = header(request, "origin");
  const cookie = header(request, "cookie");
  if (origin) {
    const parsed = origin === "null" ? null : originOf(origin);
    if (!parsed || !sameOriginHosts(request, env).has(new URL(parsed).host.toLowerCase())) {
      return answer(403, "Cross-site requests are not allowed. Send this request from the Loyaltap site itself.\n");
    }
  } else if (cookie && cookie.trim()) {
    // Browsers always send Origin with a POST; a cookie without one is not our page.
    return answer(403, "Cross-site requests are not allowed. Send this request from the Loyaltap site itself.\n");
  }

  // A chunked body (no Content-Length) is counted by the app's proxy as it reads it.
  const lengthHeader = header(request, "content-length");
  const length = Number(lengthHeader ?? "0");
  if (lengthHeader !== undefined && (!/^\d+$/.test(String(lengthHeader).trim()) || !Number.isSafeInteger(length))) {
    return answer(400, "Bad request: invalid Content-Length.\n");
  }
  if (length > SERVER_ACTION_BODY_LIMIT) {
    return answer(413, "Request body is too large (1 MB at most).\n");
  }

  const type = String(header(request, "content-type") ?? "")
    .split(";", 1)[0]
    .trim()
    .toLowerCase();
  if (!SERVER_ACTION_CONTENT_TYPES.has(type)) {
    return answer(415, "Unsupported content type for a server action.\n");
  }
  if (type === "multipart/form-data" && !/;\s*boundary=/i.test(String(header(request, "content-type")))) {
    return answer(400, "Bad request: multipart body without a boundary.\n");
  }
  return null;
}

/**
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} request
 *   an IncomingMessage, or anything with its method, url and headers
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ status: number, headers?: Record<string, string>, body: string } | null}
 */
export function guardRequest(request, env = process.env) {
  if (hasMalformedPercentEscape(requestPath(request.url))) {
    return answer(400, "Bad request: the address contains a malformed percent-escape.\n");
  }
  if (hasNulByte(requestPath(request.url))) {
    return answer(400, "Bad request: the address contains a NUL byte.\n");
  }
  if (request.method === "POST" && header(request, "next-action") !== undefined) {
    return guardServerAction(request, env);
  }
  return null;
}
