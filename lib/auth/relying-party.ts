// The WebAuthn relying party is the site itself (docs/authentication.md, "Passkeys"):
// its id is the hostname of the site's public origin and every ceremony must come
// from that origin. Pure, without `env`, so the start-up check (lib/env.ts) can use
// the same rule the ceremonies do.

export type RelyingParty = { id: string; origin: string };

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why `value` cannot be the relying party's origin, or null when it can: it
 * must be a bare origin (no path, query, fragment or user name), over https, or
 * over http on this machine only (localhost, 127.0.0.1, [::1]) for local runs
 * and tests. Browsers also refuse an IP address as a relying party id, so
 * passkeys work on http://localhost but not on http://127.0.0.1.
 */
export function relyingPartyProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be the site's origin, e.g. https://loyaltap.example";
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return "must be a bare origin with no path, query or user (e.g. https://loyaltap.example): passkeys are bound to it";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "must start with https:// (http:// only for localhost or 127.0.0.1): passkeys need a secure origin";
}

/** The relying party of a site origin that passed relyingPartyProblem. */
export function relyingPartyOf(siteOrigin: string): RelyingParty {
  const url = new URL(siteOrigin);
  return { id: url.hostname, origin: url.origin };
}
