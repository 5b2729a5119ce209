// Puts the request's CSP nonce on every <script> and <link> tag of an HTML
// response as it streams out (a <link rel="preload" as="script"> without the
// nonce is refused under 'strict-dynamic'; on other links it is inert). Next.js can only nonce pages it renders for the request;
// pages served from its cache (the visitor's /tap page, public business
// cards, prerendered pages) were rendered once, without a nonce, and must stay
// cached. Rewriting "<script" in the outgoing HTML covers both.
//
// Why this is safe: the only "<script" and "<link" byte sequences in an HTML
// document Next.js and React produce are real tags. React escapes "<" in text
// and attribute values (&lt;), and Next escapes "<" inside the inline JSON of
// its data scripts (\u003c), so content from the database cannot form
// "<script" in the output and gain the nonce. (JSON-LD is escaped the same
// way, lib/business/json-ld.ts.)
//
// The document changes per request, so its length and ETag do: both headers
// are dropped from HTML responses (server/index.mjs also drops conditional
// request headers, so no 304 can revive a stale nonce).

const OPENINGS = ["<script", "<link"];
const LONGEST = Math.max(...OPENINGS.map((open) => open.length));

function toBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** How many trailing characters of `text` could start "<script" or "<link" (held back until the next chunk). */
function pendingPrefix(text) {
  const from = Math.max(0, text.length - LONGEST);
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) !== 60 /* < */) continue;
    const tail = text.slice(i);
    if (OPENINGS.some((open) => open.startsWith(tail))) return text.length - i;
  }
  return 0;
}

/**
 * A stateful rewriter for one document. Works on latin1 strings, which map
 * bytes 1:1, so multi-byte UTF-8 characters pass through untouched (they never
 * contain ASCII bytes).
 */
export function createNonceRewriter(nonce) {
  const replacement = `<$1 nonce="${nonce}"`;
  const pattern = /<(script|link)(?=[\s>\/])/g;
  let carry = "";
  return {
    push(buffer) {
      let text = carry + buffer.toString("latin1");
      const keep = pendingPrefix(text);
      carry = keep ? text.slice(text.length - keep) : "";
      if (keep) text = text.slice(0, text.length - keep);
      return Buffer.from(text.replace(pattern, replacement), "latin1");
    },
    flush() {
      const rest = carry;
      carry = "";
      return Buffer.from(rest.replace(pattern, replacement), "latin1");
    },
  };
}

function headerValue(value) {
  return Array.isArray(value) ? value.join(",") : value == null ? "" : String(value);
}

/**
 * Wraps response.writeHead/write/end so an HTML body gets the nonce. Other
 * responses pass through untouched.
 */
export function injectNonceIntoHtml(response, nonce) {
  const originalWriteHead = response.writeHead;
  const originalWrite = response.write;
  const originalEnd = response.end;
  let rewriter = null;
  let decided = false;

  const decide = (headers) => {
    if (decided) return;
    decided = true;
    let type = headerValue(response.getHeader("content-type"));
    let encoding = headerValue(response.getHeader("content-encoding"));
    if (headers && typeof headers === "object" && !Array.isArray(headers)) {
      for (const [name, value] of Object.entries(headers)) {
        if (name.toLowerCase() === "content-type") type = headerValue(value);
        if (name.toLowerCase() === "content-encoding") encoding = headerValue(value);
      }
    }
    if (!/^\s*text\/html/i.test(type) || (encoding && encoding !== "identity")) return;
    rewriter = createNonceRewriter(nonce);
    if (!response.headersSent) {
      response.removeHeader("content-length");
      response.removeHeader("etag");
    }
    if (headers && typeof headers === "object" && !Array.isArray(headers)) {
      for (const name of Object.keys(headers)) {
        if (/^(content-length|etag)$/i.test(name)) delete headers[name];
      }
    }
  };

  response.writeHead = function writeHead(statusCode, ...rest) {
    const headers = rest.find((arg) => arg && typeof arg === "object");
    decide(headers);
    return originalWriteHead.call(this, statusCode, ...rest);
  };

  response.write = function write(chunk, encoding, callback) {
    if (!decided) decide();
    if (!rewriter || chunk == null) return originalWrite.call(this, chunk, encoding, callback);
    const cb = typeof encoding === "function" ? encoding : callback;
    return originalWrite.call(this, rewriter.push(toBuffer(chunk, encoding)), cb);
  };

  response.end = function end(chunk, encoding, callback) {
    if (typeof chunk === "function") {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === "function") {
      callback = encoding;
      encoding = undefined;
    }
    if (!decided) decide();
    if (!rewriter) return originalEnd.call(this, chunk, encoding, callback);
    const body = chunk == null ? Buffer.alloc(0) : rewriter.push(toBuffer(chunk, encoding));
    const tail = rewriter.flush();
    const out = tail.length ? Buffer.concat([body, tail]) : body;
    // Sent in one piece (a cached page): its real length, not chunked.
    if (!this.headersSent && this.req?.method !== "HEAD") this.setHeader("Content-Length", String(out.length));
    return originalEnd.call(this, out.length ? out : undefined, callback);
  };
}
