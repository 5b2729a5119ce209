import { getLocale, getTranslations } from "next-intl/server";
import { NotFoundNotice } from "@/components/layout/not-found-notice";
import { SiteShell } from "@/components/layout/site-shell";
import { storedLocale } from "@/lib/i18n/locales";

// No such card, or a language we do not serve (/b/<slug>/fr).
export default async function BusinessNotFound() {
  const locale = storedLocale(await getLocale());
  const t = await getTranslations({ locale, namespace: "card.notFound" });
  return (
    <SiteShell locale={locale}>
      <NotFoundNotice locale={locale} heading={t("title")} body={t("body")} />
    </SiteShell>
  );
}
