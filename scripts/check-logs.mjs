#!/usr/bin/env node
// Fails when a server log holds a secret: a password the tests use, an OAuth
// or access token, a link with a token, a bearer header, a JWT, or 128-bit
// (and longer) hex such as an SDM key. `npm test` runs it on the log of the
// end-to-end run; `node scripts/check-logs.mjs <file>` runs it on any log.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Passwords the end-to-end tests type or send (tests/e2e), and the demo's.
export const TEST_PASSWORDS = [
  "loyaltap-demo",
  "a good password",
  "long enough password",
  "another password",
  "e2e-secret-not-for-production",
  // The e2e server's VAPID private key (playwright.config.ts).
  "o4wujNtsvYZxVaoXuteIyCxdwEAs1lXdb9bbsRDR6QU",
];

export const SECRET_PATTERNS = [
  ["access or refresh token value", /\b(?:access|refresh|id)_token"?\s*[:=]\s*"?(?!\[redacted)[A-Za-z0-9._~+/-]{8,}/i],
  ["link with a token", /[?&](?:token|code)=(?!\[redacted)[^\s&"'<>]{6,}/i],
  ["bearer token", /\bBearer\s+(?!\[redacted)[A-Za-z0-9._~+/-]{8,}/],
  ["JWT", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/],
  ["key hex (128 bits or more)", /(?<![0-9A-Za-z])[0-9A-Fa-f]{32,}(?![0-9A-Za-z])/],
];

/** Every line of `text` that holds a secret: [{ line, kind }]. */
export function findSecrets(text, passwords = TEST_PASSWORDS) {
  const hits = [];
  text.split("\n").forEach((content, index) => {
    for (const password of passwords)
      if (content.includes(password)) hits.push({ line: index + 1, kind: `password "${password.slice(0, 3)}…"` });
    for (const [kind, pattern] of SECRET_PATTERNS) if (pattern.test(content)) hits.push({ line: index + 1, kind });
  });
  return hits;
}

export async function checkLogFile(file) {
  const text = await readFile(file, "utf8");
  return { lines: text.split("\n").length, hits: findSecrets(text) };
}

async function main(file) {
  if (!file) {
    console.error("usage: node scripts/check-logs.mjs <log file>");
    process.exit(2);
  }
  const { lines, hits } = await checkLogFile(file);
  for (const hit of hits) console.log(`${file}:${hit.line}: ${hit.kind}`);
  console.log(`${lines} lines checked, ${hits.length} secrets found`);
  process.exit(hits.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main(process.argv[2]);
