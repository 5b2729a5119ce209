// The browsers' push services: the only hosts a push endpoint may name, since
// the worker POSTs to every stored endpoint. Chrome (and the browsers built on
// it) use Google's FCM, Firefox Mozilla's autopush, Safari Apple's web push,
// Edge Microsoft's WNS (docs/notifications-push.md, "What the subscribe action
// accepts"). Pure: the subscribe action's validation and the sender share it.

// Chromium hands out endpoints on both of Google's hosts (its build names jmt17.google.com beside FCM's).
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "jmt17.google.com"] as const;
// Any host under these (updates.push.services.mozilla.com, web.push.apple.com, wns2-par02p.notify.windows.com).
const PUSH_SERVICE_DOMAINS = ["push.services.mozilla.com", "push.apple.com", "notify.windows.com"] as const;

/** A URL's host name as DNS means it: lowercase, without one trailing dot ("FCM.googleapis.com." is FCM's). */
export function normalisedHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/** Whether `hostname` is one of the browsers' push services. */
export function isPushServiceHost(hostname: string): boolean {
  const host = normalisedHost(hostname);
  if (!host.split(".").every(Boolean)) return false;
  return (
    (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`))
  );
}

/**
 * True for an endpoint the worker may POST to: https on the default port at a
 * push service, no credentials; or one of `extraOrigins` (the tests' stand-in
 * push service on loopback, LOYALTAP_TEST_PUSH_ORIGINS; never in production).
 */
export function isPushEndpoint(value: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === "https:" && url.port === "" && isPushServiceHost(url.hostname);
}
