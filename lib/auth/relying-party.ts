// The WebAuthn relying party is the site itself (docs/authentication.md, "Passkeys"):
// its id is the hostname of the site's public origin and every ceremony must come
// from that origin. Pure, without `env`, so the start-up check (lib/auth/env.ts) can use
// the same rule the ceremonies do.

export type RelyingParty = { id: string; origin: string };

/**
 * Why `value` cannot be the relying party's origin, or null when it can: it
 * must be a bare origin (no path, query, fragment or user name) over https or
 * http. A public site is https (an https SITE_URL is what makes a start a
 * public production one, with its own checks); browsers offer WebAuthn over
 * http only on this machine (localhost), so an http origin elsewhere — a test
 * setup behind a plain proxy — starts, and its browsers show no passkeys.
 * Browsers also refuse an IP address as a relying party id, so passkeys work
 * on http://localhost but not on http://127.0.0.1.
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
  if (url.protocol === "https:" || url.protocol === "http:") return null;
  return "must start with https:// (or http:// outside production): passkeys are bound to the site's origin";
}

/** The relying party of a site origin that passed relyingPartyProblem. */
export function relyingPartyOf(siteOrigin: string): RelyingParty {
  const url = new URL(siteOrigin);
  return { id: url.hostname, origin: url.origin };
}
