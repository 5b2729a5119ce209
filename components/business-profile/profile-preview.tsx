"use client";

import { useTranslations } from "next-intl";
import { useFormContext, useWatch } from "react-hook-form";
import { BusinessCard } from "@/components/business/business-card";
import { categoryValueOf } from "@/lib/business/categories";
import { safeHttpUrl } from "@/lib/business/display";
import { resolveTheme } from "@/lib/business/theme";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";

const orNull = (value: string | undefined) => value?.trim() || null;

/** The public card as it will look, redrawn as the owner types (same component as /b/[slug]). */
export function ProfilePreview() {
  const t = useTranslations("dashboard.profile");
  const card = useTranslations("card");
  const categories = useTranslations("categories");
  const { control } = useFormContext<BusinessProfileUpdateInput>();
  const values = useWatch({ control });
  const socialMedia: Record<string, string> = {};
  for (const link of values.socialLinks ?? []) {
    const url = safeHttpUrl(link?.url);
    const network = link?.network?.trim();
    if (network && url) socialMedia[network] = url;
  }
  const business = {
    name: values.name?.trim() || t("previewName"),
    logoUrl: safeHttpUrl(values.logoUrl),
    description: orNull(values.description),
    keywords: [...new Set((values.keywords ?? []).filter((k): k is string => Boolean(k?.trim())))],
    website: safeHttpUrl(values.website),
    phone: orNull(values.phone),
    address: orNull(values.address),
    socialMedia,
    theme: resolveTheme(values.theme),
  };
  // The card's own words, as the public card writes them (businessCardText), in the owner's language.
  const keywordLabels: Record<string, string> = {};
  for (const keyword of business.keywords) {
    const value = categoryValueOf(keyword);
    if (value) keywordLabels[keyword] = categories(value);
  }
  const text = {
    keywords: card("keywords"),
    socialLinks: card("socialLinks"),
    logoAlt: card("logo", { name: business.name }),
    keywordLabels,
  };
  return (
    <div data-testid="profile-preview">
      <BusinessCard business={business} text={text} />
    </div>
  );
}
