import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundNotice } from "@/components/layout/not-found-notice";
import { RootDocument } from "@/components/layout/root-document";
import { SiteShell } from "@/components/layout/site-shell";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { siteName } from "@/lib/site";
import "@/app/globals.css";

// A URL that matches no route at all (/api/x, /tap/visitor without an id, /en/about
// typed by hand): there is no root layout at app/ to render it in, so this page
// writes its own document. It cannot know the reader's language without reading
// the request, so it is English, like every API answer without Accept-Language.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: "common.notFound" });
  // No layout here to apply the `{page} | Loyaltap` template.
  return { title: { absolute: `${t("title")} | ${siteName}` } };
}

export default function GlobalNotFound() {
  return (
    <RootDocument locale={DEFAULT_LOCALE}>
      <SiteShell locale={DEFAULT_LOCALE}>
        <NotFoundNotice locale={DEFAULT_LOCALE} />
      </SiteShell>
    </RootDocument>
  );
}
