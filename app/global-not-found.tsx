import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { NotFoundNotice } from "@/components/layout/not-found-notice";
import { RootDocument } from "@/components/layout/root-document";
import { SiteShell } from "@/components/layout/site-shell";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { NEXT_INTL_LOCALE_HEADER } from "@/lib/i18n/request-header";
import { readerChoice } from "@/lib/i18n/reader-locale";
import { siteName } from "@/lib/site";
import "@/app/globals.css";

// A URL that matches no route at all (/no/such/page, /api/x, /wp-login.php, /en/about
// typed by hand): there is no root layout at app/ to render it in, so this page writes
// its own document, in the reader's language: the one the proxy chose for a site path
// (its request header), else their cookie, else their Accept-Language, else English.
// Reading the request makes it render per request, which a 404 can afford; the HTML
// is rendered on the server like any page (docs/i18n.md, "404s").
async function notFoundLocale(): Promise<Locale> {
  const request = await headers();
  const fromProxy = request.get(NEXT_INTL_LOCALE_HEADER);
  if (isLocale(fromProxy)) return fromProxy;
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  return readerChoice({ cookie, acceptLanguage: request.get("accept-language") }) ?? DEFAULT_LOCALE;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await notFoundLocale(), namespace: "common.notFound" });
  // No layout here to apply the `{page} | Loyaltap` template.
  return { title: { absolute: `${t("title")} | ${siteName}` } };
}

export default async function GlobalNotFound() {
  const locale = await notFoundLocale();
  return (
    <RootDocument locale={locale}>
      <SiteShell locale={locale}>
        <NotFoundNotice locale={locale} />
      </SiteShell>
    </RootDocument>
  );
}
