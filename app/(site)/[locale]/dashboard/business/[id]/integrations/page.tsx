import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { Card } from "@/components/ui/card";
import { loadOwnedBusiness, ownedPageMetadata } from "../owned";

type Props = { params: Promise<{ id: string }> };

// What connects the business to its own software: the API's keys and the
// webhooks. Only the owner (../owned.ts).

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return ownedPageMetadata((await params).id, "dashboard.integrations");
}

export default async function IntegrationsPage({ params }: Props) {
  const business = (await loadOwnedBusiness((await params).id))?.business;
  if (!business) notFound();
  const [t, keys, webhooks] = await Promise.all([
    getTranslations("dashboard.integrations"),
    getTranslations("apiKeys.page"),
    getTranslations("webhooks.page"),
  ]);
  const base = `/dashboard/business/${encodeURIComponent(business.id)}/integrations`;
  const entries = [
    { href: `${base}/api-keys`, heading: keys("heading"), intro: keys("intro") },
    { href: `${base}/webhooks`, heading: webhooks("heading"), intro: webhooks("intro") },
  ];

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </header>
      <BusinessPageTabs businessId={business.id} current="integrations" viewer="owner" />
      <ul className="grid gap-4 sm:grid-cols-2">
        {entries.map((entry) => (
          <li key={entry.href}>
            <Card as="section" className="h-full space-y-2 p-4">
              <h2 className="text-lg font-semibold">
                <Link href={entry.href} className="underline-offset-4 hover:underline">
                  {entry.heading}
                </Link>
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-300">{entry.intro}</p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Link href="/developers/api" className="underline">
          {t("reference")}
        </Link>
      </p>
    </div>
  );
}
