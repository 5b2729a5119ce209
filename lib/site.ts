/** The product name shown in titles; NEXT_PUBLIC_SITE_NAME overrides it. */
export const siteName = process.env.NEXT_PUBLIC_SITE_NAME || "Loyaltap";

/** Absolute origin for canonical URLs, sitemaps and QR codes built on the server. */
export function siteUrl(): string {
  return (process.env.SITE_URL || process.env.AUTH_URL || "http://localhost:3000").replace(/\/+$/, "");
}
