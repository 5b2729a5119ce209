import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { siteUrl } from "@/lib/site";

export type CardUrls = {
  /** /b/<slug>: the business's own language, and the URL search engines and QR codes keep. */
  canonical: string;
  /** Each language's absolute URL (hreflang alternates, the sitemap). */
  byLocale: Record<Locale, string>;
  /** Each language's path (the language switch's links). */
  path: Record<Locale, string>;
  /** The Open Graph image, drawn per request. */
  image: string;
};

/**
 * Where each language of a public card lives: /b/<slug> in the business's own
 * language, /b/<slug>/<lang> for the others (docs/i18n.md, "The public card and hreflang").
 */
export function cardUrls(slug: string, own: Locale): CardUrls {
  const base = `/b/${encodeURIComponent(slug)}`;
  const path = Object.fromEntries(LOCALES.map((l) => [l, l === own ? base : `${base}/${l}`])) as Record<Locale, string>;
  const origin = siteUrl();
  const byLocale = Object.fromEntries(LOCALES.map((l) => [l, origin + path[l]])) as Record<Locale, string>;
  return { canonical: origin + base, byLocale, path, image: `${origin}${base}/opengraph-image` };
}
