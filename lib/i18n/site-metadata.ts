import type { Metadata, Viewport } from "next";
import { getTranslations } from "next-intl/server";
import { siteName, siteUrl } from "@/lib/site";
import type { Locale } from "./locales";

/** What every root layout declares: the title template `{page} | Loyaltap` and the site's description in `locale`. */
export async function siteMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "common.site" });
  return {
    metadataBase: new URL(siteUrl()),
    title: { template: `%s | ${siteName}`, default: siteName },
    description: t("description"),
    applicationName: siteName,
  };
}

export const siteViewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4F46E5",
};
