"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { BusinessCard } from "@/components/business/business-card";
import { safeHttpUrl } from "@/lib/business/display";
import { resolveTheme } from "@/lib/business/theme";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";

const orNull = (value: string | undefined) => value?.trim() || null;

/** The public card as it will look, redrawn as the owner types (same component as /b/[slug]). */
export function ProfilePreview() {
  const { control } = useFormContext<BusinessProfileUpdateInput>();
  const values = useWatch({ control });
  const socialMedia: Record<string, string> = {};
  for (const link of values.socialLinks ?? []) {
    const url = safeHttpUrl(link?.url);
    const network = link?.network?.trim();
    if (network && url) socialMedia[network] = url;
  }
  const business = {
    name: values.name?.trim() || "Your business",
    logoUrl: safeHttpUrl(values.logoUrl),
    description: orNull(values.description),
    keywords: [...new Set((values.keywords ?? []).filter((k): k is string => Boolean(k?.trim())))],
    website: safeHttpUrl(values.website),
    phone: orNull(values.phone),
    address: orNull(values.address),
    socialMedia,
    theme: resolveTheme(values.theme),
  };
  return (
    <div data-testid="profile-preview">
      <BusinessCard business={business} />
    </div>
  );
}
