/**
 * The client's address, as our HTTP server computed it from the socket and
 * TRUST_PROXY_HOPS and wrote into `x-loyaltap-client-ip` (overwriting any
 * incoming value). Client-supplied headers such as X-Forwarded-For or
 * X-Real-IP are never read here: anyone can send them. Null when the app runs
 * without that server (next dev): per-IP limits then do not apply.
 */
export const CLIENT_IP_HEADER = "x-loyaltap-client-ip";

export function clientIp(headers: Headers): string | null {
  const value = headers.get(CLIENT_IP_HEADER)?.trim();
  return value && value.length <= 100 ? value : null;
}
