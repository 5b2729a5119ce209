/** Client address for rate limiting: first X-Forwarded-For hop (set by our proxy/load balancer), else X-Real-IP. */
export function clientIp(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || null;
}
