import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations } from "next-intl/server";
import { BusinessCard } from "@/components/business/business-card";
import { businessCardText } from "@/components/business/business-card-text";
import { PageShell } from "@/components/ui/page-shell";
import { localBusinessJsonLd, serializeJsonLd } from "@/lib/business/json-ld";
import { getPublicCard } from "@/lib/db/tap-landing";
import { siteName, siteUrl } from "@/lib/site";
import { slugSchema } from "@/lib/validation/params";

// Cached, rebuilt at most hourly and at once when the business changes: the
// page carries the cache tags of the data it read (the slug's and the
// business's), which the lib/db functions that write expire (docs/caching.md).
// Nothing is prerendered at build time, when there is no database to read.
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

// One query per request for both the metadata and the page.
// A slug that is not one we could have issued (NUL, spaces, 200 characters) is simply not found.
const loadBusiness = cache(async (slug: string) => (slugSchema.safeParse(slug).success ? getPublicCard(slug) : null));

function cardUrl(slug: string) {
  return `${siteUrl()}/b/${encodeURIComponent(slug)}`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const business = await loadBusiness(slug);
  if (!business) return { title: "Business not found", robots: { index: false } };
  // In the business's language, named here: the card is cached and never reads the request.
  const t = await getTranslations({ locale: business.language, namespace: "card" });
  const description = business.description?.slice(0, 200) || t("description", { name: business.name, siteName });
  const url = cardUrl(business.slug);
  return {
    title: business.name,
    description,
    alternates: { canonical: url },
    openGraph: { title: business.name, description, url, type: "website", siteName },
  };
}

export default async function PublicBusinessPage({ params }: Props) {
  const { slug } = await params;
  const business = await loadBusiness(slug);
  if (!business) notFound();
  // In the business's language, named here: the card is cached and never reads the request.
  const [nav, scheme] = await Promise.all([
    getTranslations({ locale: business.language, namespace: "common.nav" }),
    getTranslations({ locale: business.language, namespace: "common.colorScheme" }),
  ]);
  const jsonLd = localBusinessJsonLd(business, cardUrl(business.slug));
  return (
    <PageShell
      lang={business.language}
      text={{
        main: nav("main"),
        about: nav("about"),
        logIn: nav("logIn"),
        colorScheme: { dark: scheme("dark"), light: scheme("light") },
      }}
    >
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />
      <div className="mx-auto max-w-xl">
        <BusinessCard business={business} headingLevel={1} text={await businessCardText(business, business.language)} />
      </div>
    </PageShell>
  );
}
