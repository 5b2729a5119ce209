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
import type { Locale } from "@/lib/i18n/locales";
import { parseRange, type InsightRange } from "@/lib/insights/range";
import { businessIdSchema } from "@/lib/validation/business-profile";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ range?: string | string[] }>;
};

// The owner's only: staff and anyone else get the same 404 as for a business
// that does not exist (getInsights matches the owner inside its queries).
const loadInsights = cache(async (id: string, range: InsightRange) => {
  const user = await requireUser();
  if (!businessIdSchema.safeParse(id).success) return null;
  return getInsights(user.id, id, range, requestNow(await headers()));
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const insights = await loadInsights((await params).id, parseRange((await searchParams).range));
  const t = await getTranslations("insights");
  return { title: insights ? t("metaTitle", { name: insights.business.name }) : t("title") };
}

export default async function InsightsPage({ params, searchParams }: Props) {
  const insights = await loadInsights((await params).id, parseRange((await searchParams).range));
  if (!insights) notFound();
  const [t, locale] = await Promise.all([getTranslations("insights"), getLocale()]);
  const base = businessNavHref(insights.business.id, "insights");
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
        rangeHref={(range) => (range === 30 ? base : `${base}?range=${range}`)}
      />
    </div>
  );
}
