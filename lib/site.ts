import { authEnv } from "@/lib/auth/env";

export { siteName } from "@/lib/site-name";

/** Absolute origin for canonical URLs, sitemaps and QR codes built on the server. */
export function siteUrl(): string {
  return (authEnv.SITE_URL || authEnv.AUTH_URL || "http://localhost:3000").replace(/\/+$/, "");
}
