import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { CampaignStatusBadge } from "@/components/campaigns/campaign-status";
import { OutreachSettingsForm } from "@/components/campaigns/outreach-settings-form";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, tableCell, TableSection } from "@/components/ui/data-table";
import { getOutreachSettings } from "@/lib/campaigns/consent";
import { listCampaigns } from "@/lib/campaigns/manage";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { clockOf, loadOwnedBusiness } from "./owned";
import { displayZone } from "@/lib/time/display-zone";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const owned = await loadOwnedBusiness((await params).id);
  const t = await getTranslations("campaigns.list");
  return {
    title: owned
      ? t("metaTitle", { name: owned.business.name })
      : (await getTranslations("dashboard.business"))("notFound"),
  };
}

const td = `${tableCell} break-words`;

async function CampaignsPage({ params }: Props) {
  const owned = await loadOwnedBusiness((await params).id);
  if (!owned) notFound();
  const { business } = owned;
  const [campaigns, settings, t, locale] = await Promise.all([
    listCampaigns(business.id),
    getOutreachSettings(business.id),
    getTranslations("campaigns"),
    getLocale() as Promise<Locale>,
  ]);
  const base = `/dashboard/business/${encodeURIComponent(business.id)}/campaigns`;
  const at = (date: Date | null) =>
    date ? (
      <time dateTime={date.toISOString()}>{formatInstantIn(date, displayZone(business.timezone), locale, true)}</time>
    ) : (
      t("list.notScheduled")
    );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium break-words text-slate-500 dark:text-slate-400">{business.name}</p>
          <h1 className="text-2xl font-bold">{t("list.title")}</h1>
          <p className="mt-1 max-w-prose text-sm text-slate-600 dark:text-slate-300">{t("list.intro")}</p>
        </div>
        <Link href={`${base}/new`} className={buttonClass("primary")}>
          {t("list.new")}
        </Link>
      </header>

      <BusinessPageTabs businessId={business.id} current="campaigns" viewer="owner" />

      <TableSection
        id="campaigns-heading"
        heading={t("list.heading")}
        empty={campaigns.length === 0 ? t("list.empty") : null}
      >
        <DataTable
          testId="campaigns-table"
          className="min-w-[36rem]"
          columns={[t("list.name"), t("list.status"), t("list.recipients"), t("list.sent"), t("list.scheduled")]}
        >
          {campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <th scope="row" className={`${td} font-medium`}>
                <Link href={`${base}/${campaign.id}`} className="text-brand underline dark:text-indigo-300">
                  {campaign.name}
                </Link>
              </th>
              <td className={td}>
                <CampaignStatusBadge status={campaign.status} />
              </td>
              <td className={td}>{campaign.status === "DRAFT" ? t("list.notScheduled") : campaign.recipientCount}</td>
              <td className={td}>{at(campaign.finishedAt ?? campaign.startedAt)}</td>
              <td className={td}>{at(campaign.scheduledAt)}</td>
            </tr>
          ))}
        </DataTable>
      </TableSection>

      <Card
        as="section"
        aria-labelledby="automations-heading"
        className="flex flex-wrap items-center justify-between gap-3 p-4"
      >
        <div>
          <h2 id="automations-heading" className="text-lg font-semibold">
            {t("list.automations")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.automationsHint")}</p>
        </div>
        <Link href={`${base}/automations`} className={buttonClass("secondary")}>
          {t("list.automations")}
        </Link>
      </Card>

      <Card as="section" aria-labelledby="outreach-heading" className="space-y-3 p-4">
        <h2 id="outreach-heading" className="text-lg font-semibold">
          {t("outreach.heading")}
        </h2>
        <OutreachSettingsForm
          businessId={business.id}
          defaults={{
            capMessages: settings.capMessages,
            capDays: settings.capDays,
            quietStart: clockOf(settings.quietStartMinute),
            quietEnd: clockOf(settings.quietEndMinute),
          }}
        />
      </Card>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, CampaignsPage);
