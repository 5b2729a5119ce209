// Per-request identity the server gives every request before Next.js sees it:
// a request id (for logs and support) and the client's address (for per-IP
// limits). Both are set as request headers, overwriting whatever the client
// sent under those names, so the app can trust them.
import { isIP } from "node:net";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
export const CLIENT_IP_HEADER = "x-loyaltap-client-ip";

// An incoming id is kept when it is short and plain (a proxy's or a client's
// correlation id); anything else could forge log lines or carry junk.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming X-Request-Id if sane, else a fresh random one. */
export function requestIdFor(incoming) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return typeof value === "string" && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** TRUST_PROXY_HOPS as a count of trusted reverse proxies; anything unusable is 0. */
export function trustedProxyHops(raw = process.env.TRUST_PROXY_HOPS) {
  const hops = Number(raw);
  return Number.isInteger(hops) && hops > 0 && hops <= 32 ? hops : 0;
}

function normaliseAddress(address) {
  if (typeof address !== "string") return "";
  const trimmed = address.trim();
  // ::ffff:1.2.3.4 is an IPv4 client on a dual-stack socket.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

/**
 * The client's address. With 0 trusted hops it is the socket's peer. Behind N
 * trusted proxies it is the Nth address from the right of the chain
 * X-Forwarded-For + socket peer (the peer being the last hop): each trusted
 * proxy appended the address it received the request from, so entries further
 * left were written by the client and are not believed. A missing, short or
 * malformed chain falls back to the socket's peer.
 */
export function clientAddress(socketAddress, forwardedFor, hops = trustedProxyHops()) {
  const peer = normaliseAddress(socketAddress);
  if (hops === 0) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  if (typeof header !== "string" || header.length > 4096) return peer;
  const chain = [...header.split(",").map(normaliseAddress), peer];
  const candidate = chain[chain.length - 1 - hops];
  return candidate && isIP(candidate) ? candidate : peer;
}
