import { getLocale } from "next-intl/server";
import { NotFoundNotice } from "@/components/layout/not-found-notice";
import { SiteShell } from "@/components/layout/site-shell";
import { storedLocale } from "@/lib/i18n/locales";

// /tap/visitor/<id>/<a language we do not serve>.
export default async function VisitorTapNotFound() {
  const locale = storedLocale(await getLocale());
  return (
    <SiteShell locale={locale}>
      <NotFoundNotice locale={locale} />
    </SiteShell>
  );
}
