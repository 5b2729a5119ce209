import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { ConfirmRedemptionButton, UndoRedemptionButton } from "@/components/rewards/reward-owner-actions";
import { CounterLocationPicker, CounterLocationProvider } from "@/components/counter/counter-location";
import { counterPlaces, rememberedCounterLocations } from "@/lib/staff/counter-location";
import { RewardStatusBadge } from "@/components/rewards/status-badge";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { getRewardForViewer } from "@/lib/db/rewards";
import { formatInstantIn } from "@/lib/i18n/dates";
import { siteUrl } from "@/lib/site";
import type { Locale } from "@/lib/i18n/locales";
import { rewardIdSchema } from "@/lib/validation/rewards";
import { displayZone } from "@/lib/time/display-zone";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("rewards.reward"))("title") };
}

const EVENTS = ["ISSUED", "REDEEMED", "REDEMPTION_UNDONE", "EXPIRED"] as const;
const isEvent = (type: string): type is (typeof EVENTS)[number] => (EVENTS as readonly string[]).includes(type);

// The customer shows this page (code + QR) at the counter; the owner who scans
// the QR (or their staff) lands on the same page and confirms. Anyone else gets a 404.
async function RedeemRewardPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const id = rewardIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const reward = await getRewardForViewer(user.id, id.data);
  if (!reward) notFound();
  const [t, locale] = await Promise.all([getTranslations("rewards.reward"), getLocale() as Promise<Locale>]);
  const url = `${siteUrl()}/dashboard/redeem-reward/${reward.id}`;
  // Confirmed at the counter's location of the reward's business (docs/locations.md, "The counter").
  const places =
    reward.viewer === "owner" && reward.status === "AVAILABLE"
      ? await counterPlaces(user.id, [reward.business.id], await rememberedCounterLocations())
      : [];
  const qr =
    reward.viewer === "customer" && reward.status === "AVAILABLE"
      ? await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 240 })
      : null;

  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <Link
            href={
              reward.viewer === "owner"
                ? reward.staff
                  ? "/dashboard"
                  : `/dashboard/business/${reward.business.id}`
                : "/dashboard/rewards"
            }
            className="underline"
          >
            {reward.viewer === "owner" ? reward.business.name : t("yourRewards")}
          </Link>
        </p>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold break-words">
          {reward.name} <RewardStatusBadge status={reward.status} />
        </h1>
        <p className="text-slate-600 dark:text-slate-300">
          {reward.viewer === "owner"
            ? reward.customerName
              ? t("forCustomer", { name: reward.customerName })
              : t("forFormerCustomer")
            : t("atBusiness", { business: reward.business.name })}
          {reward.programName ? ` · ${reward.programName}` : ""}
        </p>
        {reward.description ? <p>{reward.description}</p> : null}
      </div>

      <Card as="section" className="space-y-3 p-6 text-center">
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("code")}</p>
        <p className="font-mono text-3xl font-bold tracking-[0.3em]" data-testid="reward-code">
          {reward.code}
        </p>
        {qr ? (
          <>
            <div
              className="mx-auto w-[240px] bg-white"
              role="img"
              aria-label={t("qrLabel")}
              dangerouslySetInnerHTML={{ __html: qr }}
            />
            <p className="text-sm">{t("showAtCounter")}</p>
          </>
        ) : null}
        {reward.expiresAt ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t(reward.status === "EXPIRED" ? "expiredOn" : "validUntil", {
              date: formatInstantIn(reward.expiresAt, displayZone(reward.business.timeZone), locale),
            })}
          </p>
        ) : null}
        {reward.viewer === "owner" && reward.status === "AVAILABLE" ? (
          <CounterLocationProvider places={places}>
            <CounterLocationPicker businessId={reward.business.id} />
            <ConfirmRedemptionButton rewardId={reward.id} businessId={reward.business.id} />
          </CounterLocationProvider>
        ) : null}
        {reward.canUndo ? <UndoRedemptionButton rewardId={reward.id} /> : null}
      </Card>

      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="font-semibold">
          {t("history")}
        </h2>
        <ol className="space-y-1 text-sm">
          {reward.events.map((event, i) => (
            <li key={i} className="flex justify-between gap-4">
              <span>{isEvent(event.type) ? t(`events.${event.type}`) : event.type}</span>
              <time dateTime={event.at.toISOString()} className="text-slate-500 dark:text-slate-400">
                {formatInstantIn(event.at, displayZone(reward.business.timeZone), locale, true)}
              </time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, RedeemRewardPage);
