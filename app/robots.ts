import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site";

// Public pages and business cards are indexable; private areas and the API are not.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: ["/", "/b/"], disallow: ["/dashboard", "/admin", "/api", "/qr/", "/tap"] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
