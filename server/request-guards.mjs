// Checks the HTTP server runs on a request before Next.js sees it. Returns
// null to let the request through, or { status, headers?, body } to answer
// at once (a 4xx for input Next.js itself would turn into a 500).

/** @param {import("node:http").IncomingMessage} _request */
export function guardRequest(_request) {
  return null;
}
