import { env } from "@/lib/env";

/** The product name shown in titles; NEXT_PUBLIC_SITE_NAME overrides it. */
export const siteName = env.NEXT_PUBLIC_SITE_NAME;

/** Absolute origin for canonical URLs, sitemaps and QR codes built on the server. */
export function siteUrl(): string {
  return (env.SITE_URL || env.AUTH_URL || "http://localhost:3000").replace(/\/+$/, "");
}
