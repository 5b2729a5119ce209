import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isLoopbackAddress, isPublicAddress } from "@/lib/webhooks/address";

// Where a webhook may go (docs/webhooks.md, "Where a webhook may go"): an https
// URL whose host is, and resolves only to, public addresses. Checked when the
// owner registers the endpoint and again before every delivery; the delivery
// then connects to the very address checked here (./post.ts), so a name that
// resolves differently a moment later (DNS rebinding) changes nothing.
// The test switch (LOYALTAP_TEST_WEBHOOK_ORIGINS) lets its loopback origins
// through, over http too.

export type TargetRefusal = "invalid_url" | "not_https" | "not_public" | "unresolvable";

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to every address it has (the system resolver by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export type CheckedTarget = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; reason: TargetRefusal };

export const MAX_URL_LENGTH = 2000;

/** The URL as an endpoint stores it, or a refusal; no network (the address check is `checkTarget`). */
export function parseTargetUrl(
  text: string,
  testOrigins: readonly string[],
): { ok: true; url: URL } | { ok: false; reason: TargetRefusal } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  if (url.username || url.password || text.length > MAX_URL_LENGTH) return { ok: false, reason: "invalid_url" };
  const testOrigin = testOrigins.includes(url.origin);
  if (url.protocol !== "https:" && !(testOrigin && url.protocol === "http:")) return { ok: false, reason: "not_https" };
  return { ok: true, url };
}

/**
 * Checks a URL and resolves its host: every address the name has must be
 * public (one private address among public ones refuses it, since which one
 * a client picks is not ours to say). Answers the address to connect to.
 */
export async function checkTarget(
  text: string,
  testOrigins: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<CheckedTarget> {
  const parsed = parseTargetUrl(text, testOrigins);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  const allowed = (address: string) =>
    isPublicAddress(address) || (testOrigins.includes(url.origin) && isLoopbackAddress(address));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: "unresolvable" };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unresolvable" };
  if (!addresses.every((entry) => allowed(entry.address))) return { ok: false, reason: "not_public" };
  return { ok: true, url, address: addresses[0]! };
}
