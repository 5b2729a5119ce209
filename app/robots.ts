import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site";

// Public pages and business cards are indexable; private areas and the API are
// not. A tag's page (/tap?id=…) may be crawled: for a claimed tag it names the
// business's card as its canonical address, so search engines list the card
// (a crawler's GET records nothing: a visit needs a signed-in customer).
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: ["/", "/b/"], disallow: ["/dashboard", "/admin", "/api", "/qr/"] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
