import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache } from "react";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { InsightsView } from "@/components/insights/insights-view";
import { requireUser } from "@/lib/auth/current-user";
import { businessNavHref } from "@/lib/business/page-tabs";
import { requestNow } from "@/lib/clock";
import { getInsights } from "@/lib/db/insights";
import { offersLocationFilter } from "@/lib/db/location-stats";
import type { Locale } from "@/lib/i18n/locales";
import { parseRange, type InsightRange } from "@/lib/insights/range";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { idString } from "@/lib/validation/text";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ range?: string | string[]; location?: string | string[] }>;
};

/** `?location=`: a location of the business (getInsights checks it is), or none for all of them. */
function parseLocation(value: string | string[] | undefined): string | null {
  const parsed = idString().safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : null;
}

// The owner's only: staff and anyone else get the same 404 as for a business
// that does not exist (getInsights matches the owner inside its queries).
const loadInsights = cache(async (id: string, range: InsightRange, location: string | null) => {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(id).success) return null;
  return getInsights(user.id, id, range, requestNow(await headers()), location);
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const query = await searchParams;
  const insights = await loadInsights((await params).id, parseRange(query.range), parseLocation(query.location));
  const t = await getTranslations("insights");
  return { title: insights ? t("metaTitle", { name: insights.business.name }) : t("title") };
}

export default async function InsightsPage({ params, searchParams }: Props) {
  const query = await searchParams;
  const insights = await loadInsights((await params).id, parseRange(query.range), parseLocation(query.location));
  if (!insights) notFound();
  const [t, locale] = await Promise.all([getTranslations("insights"), getLocale()]);
  const base = businessNavHref(insights.business.id, "insights");
  // Each link keeps the other choice: the range keeps the location, the location keeps the range.
  const href = (range: number, location: string | null) => {
    const search = new URLSearchParams();
    if (range !== 30) search.set("range", String(range));
    if (location) search.set("location", location);
    const text = search.toString();
    return text ? `${base}?${text}` : base;
  };
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium break-words text-slate-500 dark:text-slate-400">{insights.business.name}</p>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
      </header>
      <BusinessPageTabs businessId={insights.business.id} current="insights" viewer="owner" />
      <InsightsView
        insights={insights}
        locale={locale as Locale}
        rangeHref={(range) => href(range, insights.location)}
        locationFilter={
          offersLocationFilter(insights.locations)
            ? { options: insights.locations, href: (location) => href(insights.range, location) }
            : undefined
        }
      />
    </div>
  );
}
