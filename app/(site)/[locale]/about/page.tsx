import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SiteShell } from "@/components/layout/site-shell";
import { storedLocale } from "@/lib/i18n/locales";
import { siteName } from "@/lib/site";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: storedLocale((await params).locale), namespace: "site.about" });
  return { title: t("title") };
}

export default async function AboutPage({ params }: Props) {
  const locale = storedLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "site.about" });
  return (
    <SiteShell locale={locale}>
      <article className="space-y-4">
        <h1 className="text-3xl font-bold">{t("heading", { siteName })}</h1>
        <p>{t("what", { siteName })}</p>
        <p>{t("noApp")}</p>
      </article>
    </SiteShell>
  );
}
