import type { MetadataRoute } from "next";
import { listBusinessesForSitemap } from "@/lib/db/businesses";
import { siteUrl } from "@/lib/site";

// Rendered per request (there is no database during `next build`) from the
// cached list of cards, which a new business or a profile edit expires.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const businesses = await listBusinessesForSitemap();
  return [
    { url: `${base}/`, changeFrequency: "monthly", priority: 1 },
    { url: `${base}/about`, changeFrequency: "yearly", priority: 0.5 },
    ...businesses.map((business) => ({
      url: `${base}/b/${encodeURIComponent(business.slug)}`,
      lastModified: business.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
  ];
}
