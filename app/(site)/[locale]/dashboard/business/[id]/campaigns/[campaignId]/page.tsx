import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { CampaignComposer } from "@/components/campaigns/campaign-composer";
import { suggestedLapsedDays } from "@/lib/campaigns/typical-gap";
import { CampaignPreview } from "@/components/campaigns/campaign-preview";
import { CampaignStatusBadge } from "@/components/campaigns/campaign-status";
import { CancelCampaignButton } from "@/components/campaigns/cancel-campaign-button";
import { DeliveryReport } from "@/components/campaigns/delivery-report";
import { SendingRefresh } from "@/components/campaigns/sending-refresh";
import { requestNow } from "@/lib/clock";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { campaignPreview } from "@/lib/campaigns/preview";
import { campaignProgress } from "@/lib/campaigns/progress";
import { segmentSchema } from "@/lib/campaigns/segment";
import { listBusinessPrograms } from "@/lib/db/programs";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { loadOwnedCampaign } from "../owned";
import { displayZone } from "@/lib/time/display-zone";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string; campaignId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, campaignId } = await params;
  const owned = await loadOwnedCampaign(id, campaignId);
  return { title: owned ? owned.campaign.name : (await getTranslations("campaigns.errors"))("notFound") };
}

async function CampaignPage({ params }: Props) {
  const { id, campaignId } = await params;
  const owned = await loadOwnedCampaign(id, campaignId);
  if (!owned) notFound();
  const { user, business, campaign } = owned;
  const [t, locale] = await Promise.all([getTranslations("campaigns"), getLocale() as Promise<Locale>]);
  const base = `/dashboard/business/${encodeURIComponent(business.id)}/campaigns`;
  const when = (date: Date) => formatInstantIn(date, displayZone(business.timezone), locale, true);
  const editable = campaign.status === "DRAFT" || campaign.status === "SCHEDULED";
  const preview = await campaignPreview(campaign, business, locale);

  // What was (or will be) sent, on each channel: shown once a campaign can no longer be edited.
  const message = (
    <Card as="section" aria-labelledby="message-heading" className="space-y-3 p-4">
      <h2 id="message-heading" className="text-lg font-semibold">
        {t("detail.message")}
      </h2>
      <CampaignPreview preview={preview} />
    </Card>
  );

  let body;
  if (editable) {
    const programs = await listBusinessPrograms(user.id, business.id);
    const segment = segmentSchema.safeParse(campaign.segment);
    body = (
      <>
        {/* Sent now, or its time came: the page follows it until the queue starts it (a moment). */}
        {campaign.status === "SCHEDULED" &&
        campaign.scheduledAt &&
        campaign.scheduledAt <= requestNow(await headers()) ? (
          <SendingRefresh />
        ) : null}
        {campaign.status === "SCHEDULED" && campaign.scheduledAt ? (
          <p
            role="status"
            className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100"
          >
            {t("composer.scheduledFor", { at: when(campaign.scheduledAt) })}
          </p>
        ) : null}
        <CampaignComposer
          suggestedLapsedDays={await suggestedLapsedDays(business.id)}
          businessId={business.id}
          campaignId={campaign.id}
          timeZone={displayZone(business.timezone)}
          programs={programs.filter((p) => !p.endedAt).map(({ id, name, type }) => ({ id, name, type }))}
          defaults={{
            name: campaign.name,
            message: campaign.message,
            segment: segment.success ? segment.data : undefined,
            offerKind: campaign.offerKind ?? "",
            programId: campaign.offerProgramId ?? "",
            amount: campaign.offerAmount === null ? "" : String(campaign.offerAmount),
            rewardName: campaign.offerRewardName ?? "",
            validDays: String(campaign.offerValidDays ?? 14),
            holdoutPercent: String(campaign.holdoutPercent),
          }}
          initialPreview={preview}
        />
        <CancelCampaignButton businessId={business.id} campaignId={campaign.id} />
      </>
    );
  } else if (campaign.status === "CANCELLED") {
    body = (
      <>
        <p role="status" className="rounded-lg bg-slate-100 px-4 py-3 text-sm dark:bg-slate-800">
          {t("detail.cancelledOn", { at: when(campaign.cancelledAt ?? campaign.createdAt) })}
        </p>
        {message}
      </>
    );
  } else {
    const progress = await campaignProgress(campaign.id);
    if (!progress) notFound();
    const total = Math.max(progress.recipients - progress.heldOut, 0);
    const done = progress.byStatus.SENT + progress.byStatus.FAILED + progress.byStatus.SKIPPED;
    body = (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="campaign-recipients">
          {t("detail.recipients", { recipients: progress.recipients, heldOut: progress.heldOut })}
        </p>
        {campaign.status === "SENDING" ? (
          <Card as="section" aria-labelledby="sending-heading" className="space-y-2 p-4">
            <SendingRefresh />
            <h2 id="sending-heading" className="text-lg font-semibold">
              {t("detail.sendingTitle")}
            </h2>
            <progress
              className="h-2 w-full accent-brand"
              max={Math.max(total, 1)}
              value={Math.min(done, total)}
              aria-labelledby="sending-heading"
            />
            <p className="text-sm" role="status">
              {t("detail.progress", { done, total })}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("detail.sendingHint")}</p>
          </Card>
        ) : null}
        <section aria-labelledby="report-heading" className="space-y-3">
          <h2 id="report-heading" className="text-lg font-semibold">
            {t("detail.report")}
          </h2>
          <DeliveryReport progress={progress} />
        </section>
        <Link href={`${base}/${campaign.id}/results`} className={buttonClass("primary")}>
          {t("detail.results")}
        </Link>
        {message}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <Link href={base} className="text-sm text-brand underline dark:text-indigo-300">
        ← {t("composer.back")}
      </Link>
      <header>
        <p className="text-sm font-medium break-words text-slate-500 dark:text-slate-400">{business.name}</p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold break-words">{campaign.name}</h1>
          <CampaignStatusBadge status={campaign.status} />
        </div>
      </header>
      {body}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, CampaignPage);
