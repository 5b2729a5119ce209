import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { NotFoundNotice } from "@/components/layout/not-found-notice";
import { SiteShell } from "@/components/layout/site-shell";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: storedLocale(await getLocale()), namespace: "common.notFound" });
  return { title: t("title") };
}

// A page of the site that does not exist (or a notFound() of one of its pages), in the reader's language.
export default async function NotFound() {
  const locale = storedLocale(await getLocale());
  return (
    <SiteShell locale={locale}>
      <NotFoundNotice locale={locale} />
    </SiteShell>
  );
}
