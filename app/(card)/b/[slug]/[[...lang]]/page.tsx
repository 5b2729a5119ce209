import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { BusinessCard } from "@/components/business/business-card";
import { businessCardText } from "@/components/business/business-card-text";
import { CardSignUp } from "@/components/business/card-sign-up";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { PageShell } from "@/components/layout/page-shell";
import { BusinessLocations } from "@/components/locations/business-locations";
import { ProgramList } from "@/components/tap/program-list";
import { ClosedNotice } from "@/components/business-lifecycle/closed-notice";
import { landingClosure } from "@/lib/db/tap-landing";
import { loadPublicCard, loadPublicCardLanding } from "@/lib/business/card-locale";
import { cardUrls } from "@/lib/business/card-urls";
import { businessJsonLd, serializeJsonLd } from "@/lib/business/json-ld";
import { listsLocations, toPublicLocation } from "@/lib/business/public-locations";
import { cardSegment } from "@/lib/business/card-rewrites";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { siteName } from "@/lib/site";
import { programsRunningOn } from "@/lib/tap/programs";
import { localDateIn } from "@/lib/time/local-date";

// Cached, rebuilt at most hourly and at once when the business changes: the
// page carries the cache tags of the data it read (the slug's and the
// business's), which the lib/db functions that write expire (docs/caching.md).
// Nothing is prerendered at build time, when there is no database to read.
// Programs "running today" use the server's date; the cache lifetime bounds how stale that can be.
// Each language has its own URL: /b/<slug> in the business's language, /b/<slug>/<lang>
// for the other two; a reader who asked for a language is served /b/<slug> from
// /b/<slug>/reader/<lang> (lib/business/card-rewrites.ts; docs/i18n.md, "The public card and hreflang").
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ slug: string; lang?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, lang } = await params;
  const asked = cardSegment(lang)?.locale;
  const business = asked === undefined ? null : await loadPublicCard(slug);
  if (!business) {
    // Read without a request scope: this runs for slugs that never reach a render, too.
    const t = await getKeyTranslator(asked ?? DEFAULT_LOCALE);
    return { title: { absolute: `${t("card.notFound.title")} | ${siteName}` }, robots: { index: false } };
  }
  // Named here: the card is cached and never reads the request.
  const locale = asked ?? business.language;
  const t = await getTranslations({ locale, namespace: "card" });
  const description = business.description?.slice(0, 200) || t("description", { name: business.name, siteName });
  const urls = cardUrls(business.slug, business.language);
  return {
    // The root layout sits in this segment, so its `{page} | Loyaltap` template does not apply here.
    title: { absolute: `${business.name} | ${siteName}` },
    description,
    alternates: { canonical: urls.byLocale[locale], languages: { ...urls.byLocale, "x-default": urls.canonical } },
    openGraph: {
      title: business.name,
      description,
      url: urls.byLocale[locale],
      type: "website",
      siteName,
      locale,
      images: [{ url: urls.image, alt: t("imageAlt", { name: business.name, siteName }) }],
    },
  };
}

export default async function PublicBusinessPage({ params }: Props) {
  const { slug, lang } = await params;
  const segment = cardSegment(lang);
  if (segment === undefined) notFound();
  const asked = segment.locale;
  const landing = await loadPublicCardLanding(slug);
  if (!landing) notFound();
  const { business } = landing;
  const urls = cardUrls(business.slug, business.language);
  // One URL per language: the business's own language lives at /b/<slug> (which the
  // reader's rewrite serves from here: no redirect then).
  if (asked === business.language && !segment.reader) permanentRedirect(urls.path[asked]);
  const locale = asked ?? business.language;
  setRequestLocale(locale);
  const [nav, scheme, switchText, join] = await Promise.all([
    getTranslations({ locale, namespace: "common.nav" }),
    getTranslations({ locale, namespace: "common.colorScheme" }),
    getTranslations({ locale, namespace: "common.languageSwitch" }),
    getTranslations({ locale, namespace: "card.join" }),
  ]);
  // One open location: the card and its LocalBusiness as they always were; several: each listed.
  const locations = landing.locations.map(toPublicLocation);
  const jsonLd = businessJsonLd(business, urls.byLocale[locale], locations, urls.canonical);
  // Closed for the season, as of this render (the cache lifetime bounds how long it outlives the reopening morning).
  const closure = landingClosure(landing, new Date());
  return (
    <PageShell
      lang={locale}
      text={{
        main: nav("main"),
        about: nav("about"),
        logIn: nav("logIn"),
        dashboard: nav("dashboard"),
        colorScheme: { dark: scheme("dark"), light: scheme("light") },
      }}
    >
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />
      <div className="mx-auto max-w-xl">
        <div className="space-y-6">
          {closure ? <ClosedNotice closure={closure} locale={locale} /> : null}
          <BusinessCard business={business} headingLevel={1} text={await businessCardText(business, locale)} />
          {listsLocations(locations) ? <BusinessLocations locations={locations} locale={locale} /> : null}
          <CardSignUp
            slug={business.slug}
            text={{ heading: join("heading", { name: business.name }), text: join("text"), button: join("button") }}
          />
          {/* The same list a visitor's tap shows: what each running program offers, no one's progress (a cached page). */}
          <ProgramList
            programs={programsRunningOn(landing.programs, localDateIn(landing.timezone, new Date()))}
            progress={{}}
            theme={business.theme}
            showEmpty={false}
            locale={locale}
          />
        </div>
        <LanguageSwitch current={locale} hrefs={urls.path} label={switchText("label")} />
      </div>
    </PageShell>
  );
}
