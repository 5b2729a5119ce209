import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SiteShell } from "@/components/layout/site-shell";
import { storedLocale } from "@/lib/i18n/locales";
import { siteName } from "@/lib/site";

type Props = { params: Promise<{ locale: string }> };

// The root layout's title template only applies to child segments, so the
// home page (same segment) spells the suffix out.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: storedLocale((await params).locale), namespace: "site.home" });
  return { title: { absolute: `${t("title")} | ${siteName}` } };
}

// The home page's purpose is shown only as the title 'Coming Soon'.
export default async function HomePage({ params }: Props) {
  const locale = storedLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "site.home" });
  return (
    <SiteShell locale={locale}>
      <section className="flex min-h-[50dvh] items-center justify-center">
        <h1 className="text-center text-4xl font-bold tracking-tight sm:text-5xl">{t("title")}</h1>
      </section>
    </SiteShell>
  );
}
