import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ResultsView } from "@/components/campaigns/results-view";
import { campaignResults } from "@/lib/campaigns/results";
import { requestNow } from "@/lib/clock";
import type { Locale } from "@/lib/i18n/locales";
import { loadOwnedCampaign } from "../../owned";

type Props = { params: Promise<{ id: string; campaignId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, campaignId } = await params;
  const owned = await loadOwnedCampaign(id, campaignId);
  const t = await getTranslations("campaigns");
  return { title: owned ? t("results.metaTitle", { name: owned.campaign.name }) : t("errors.notFound") };
}

export default async function CampaignResultsPage({ params }: Props) {
  const { id, campaignId } = await params;
  const owned = await loadOwnedCampaign(id, campaignId);
  if (!owned) notFound();
  const { business, campaign } = owned;
  const [t, locale] = await Promise.all([getTranslations("campaigns"), getLocale() as Promise<Locale>]);
  const started = campaign.status === "SENDING" || campaign.status === "SENT";
  const results = started ? await campaignResults(campaign.id, requestNow(await headers())) : null;
  return (
    <div className="space-y-6">
      <Link
        href={`/dashboard/business/${encodeURIComponent(business.id)}/campaigns/${campaign.id}`}
        className="text-sm text-brand underline dark:text-indigo-300"
      >
        ← {campaign.name}
      </Link>
      <header>
        <p className="text-sm font-medium break-words text-slate-500 dark:text-slate-400">
          {business.name} · {campaign.name}
        </p>
        <h1 className="text-2xl font-bold">{t("results.title")}</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-600 dark:text-slate-300">{t("results.intro")}</p>
      </header>
      {!results ? (
        <p className="text-slate-600 dark:text-slate-300">{t("results.notStarted")}</p>
      ) : (
        <>
          {/* Without a control group the numbers are still the messaged customers' own, but no lift. */}
          {campaign.recipientCount === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">{t("results.noRecipients")}</p>
          ) : campaign.heldOutCount === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">{t("results.noHoldout")}</p>
          ) : null}
          <ResultsView results={results} locale={locale} />
        </>
      )}
    </div>
  );
}
