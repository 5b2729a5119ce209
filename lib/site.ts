import { env } from "@/lib/env";

export { siteName } from "@/lib/site-name";

/** Absolute origin for canonical URLs, sitemaps and QR codes built on the server. */
export function siteUrl(): string {
  return (env.SITE_URL || env.AUTH_URL || "http://localhost:3000").replace(/\/+$/, "");
}
