import { getTranslations } from "next-intl/server";
import type { BusinessCardText } from "@/components/business/business-card";
import { categoryValueOf } from "@/lib/business/categories";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The public card's words in `locale`, for the cached pages that show it: the
 * locale is always named, never read from the request (docs/i18n.md).
 * Keywords picked from the categories are shown in the card's language.
 */
export async function businessCardText(business: { name: string; keywords: string[] }, locale: Locale) {
  const [t, categories] = await Promise.all([
    getTranslations({ locale, namespace: "card" }),
    getTranslations({ locale, namespace: "categories" }),
  ]);
  const keywordLabels: Record<string, string> = {};
  for (const keyword of business.keywords) {
    const value = categoryValueOf(keyword);
    if (value) keywordLabels[keyword] = categories(value);
  }
  return {
    keywords: t("keywords"),
    socialLinks: t("socialLinks"),
    logoAlt: t("logo", { name: business.name }),
    keywordLabels,
  } satisfies BusinessCardText;
}
