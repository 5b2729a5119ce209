import type { MetadataRoute } from "next";
import { cardUrls } from "@/lib/business/card-urls";
import { listBusinessesForSitemap } from "@/lib/db/businesses";
import { LOCALES } from "@/lib/i18n/locales";
import { siteUrl } from "@/lib/site";

// Rendered per request (there is no database during `next build`) from the
// cached list of cards, which a new business or a profile edit expires.
// Each card is listed in its three languages, each entry naming the others
// (hreflang) and x-default, the business's own language at /b/<slug>
// (docs/i18n.md, "The public card and hreflang").
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const businesses = await listBusinessesForSitemap();
  return [
    { url: `${base}/`, changeFrequency: "monthly", priority: 1 },
    { url: `${base}/about`, changeFrequency: "yearly", priority: 0.5 },
    { url: `${base}/terms`, changeFrequency: "yearly", priority: 0.3 },
    { url: `${base}/privacy`, changeFrequency: "yearly", priority: 0.3 },
    ...businesses.flatMap((business) => {
      const urls = cardUrls(business.slug, business.language);
      const languages = { ...urls.byLocale, "x-default": urls.canonical };
      // The business's own language first: its URL is the one every QR code and link uses.
      const order = [business.language, ...LOCALES.filter((locale) => locale !== business.language)];
      return order.map((locale) => ({
        url: urls.byLocale[locale],
        lastModified: business.updatedAt,
        changeFrequency: "weekly" as const,
        priority: locale === business.language ? 0.8 : 0.6,
        alternates: { languages },
      }));
    }),
  ];
}
