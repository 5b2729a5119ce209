import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { KeepCardBanner } from "@/components/auth/keep-card-banner";
import { FirstStepsChecklist } from "@/components/business/first-steps-checklist";
import { LocationComparison } from "@/components/locations/location-comparison";
import { ProgramProgress } from "@/components/programs/program-card";
import { programProgressText } from "@/components/programs/program-progress-text";
import { RedeemByCodeForm } from "@/components/rewards/redeem-by-code-form";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { firstSteps } from "@/lib/business/first-steps";
import { businessNavHref, businessTabHref } from "@/lib/business/page-tabs";
import { listWorkplaces } from "@/lib/db/business-access";
import { listLocationComparison } from "@/lib/db/location-stats";
import { readyRewardsByBusiness } from "@/lib/db/rewards";
import { listOwnerDashboard, listWalletCards } from "@/lib/db/wallet";
import { findDeletedBusiness } from "@/lib/db/business-deletion";
import { idString } from "@/lib/validation/text";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { closestToReward } from "@/lib/loyalty";
import { displayZone } from "@/lib/time/display-zone";
import { appleWalletConfig } from "@/lib/wallet/apple/config";
import { googleWalletConfig } from "@/lib/wallet/google/config";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard.home"))("title") };
}

type Props = { searchParams: Promise<{ deleted?: string | string[] }> };

async function DashboardPage({ searchParams }: Props) {
  const user = await requireUser();
  const deleted = await deletedBusinessOf(user.id, (await searchParams).deleted);
  const [cards, businesses, workplaces, ready, t] = await Promise.all([
    // The cards without their histories and reward counts, which this page does not show.
    listWalletCards(user.id),
    listOwnerDashboard(user.id),
    listWorkplaces(user.id),
    // The same statement as the layout's Rewards badge: read once per request.
    readyRewardsByBusiness(user.id),
    getTranslations("dashboard.home"),
  ]);
  // An owner's businesses with several locations compare them (docs/locations.md, "What owners
  // and customers see"): one more statement, for owners only.
  const locationRows = businesses.length > 0 ? await listLocationComparison(user.id) : [];
  // Where the user is staff (not owner): the counter's tools only.
  const staffAt = workplaces.filter((w) => w.access === "staff");
  const name = user.firstName ?? user.name;
  const rawLocale = await getLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : "en";
  const lines = await getKeyTranslator();
  // A returning customer's first questions: how close is my next reward, where was I lately.
  // The full list of cards is the wallet's.
  const closest = closestToReward(
    cards.flatMap((card) =>
      card.programs.map((program) => ({ businessName: card.businessName, program, progress: program.progress })),
    ),
    3,
  );
  const recent = cards
    .flatMap((card) => (card.lastVisitAt ? [{ ...card, lastVisitAt: card.lastVisitAt }] : []))
    .slice(0, 3);
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-bold break-words">{name ? t("welcome", { name }) : t("welcomeNoName")}</h1>
      {deleted}
      {user.guest ? (
        <KeepCardBanner
          cards={cards}
          appleWallet={appleWalletConfig() !== null}
          googleWallet={googleWalletConfig() !== null}
        />
      ) : null}

      {/* A reward ready to redeem comes first: it is what the customer came back for. */}
      {ready.length > 0 ? (
        <Card
          as="section"
          aria-labelledby="ready-rewards"
          className="space-y-3 border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
        >
          <h2 id="ready-rewards" className="font-semibold">
            {t("ready.heading")}
          </h2>
          <ul className="space-y-2">
            {ready.map((entry) => (
              <li key={entry.businessId} data-testid="ready-reward">
                {/* One reward: straight to it (its code, to show at the counter); several: the list. */}
                <Link
                  href={entry.count === 1 ? `/dashboard/redeem-reward/${entry.rewardId}` : "/dashboard/rewards"}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg py-1 hover:underline"
                >
                  <span className="font-medium break-words">
                    {t("ready.item", { count: entry.count, business: entry.businessName })}
                  </span>
                  <span className="text-sm text-emerald-800 underline dark:text-emerald-200">
                    {t("ready.show", { count: entry.count })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {businesses.length > 0 ? (
        <section aria-labelledby="my-businesses" className="space-y-4">
          <h2 id="my-businesses" className="text-xl font-semibold">
            {t("yourBusinesses")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {businesses.map((b) => {
              const steps = firstSteps({ ...b, businessId: b.id });
              const locations = locationRows.filter((row) => row.businessId === b.id);
              return (
                <Card as="li" key={b.id} className="space-y-3 p-4">
                  <h3 className="text-lg font-semibold break-words">{b.name}</h3>
                  {steps ? <FirstStepsChecklist businessId={b.id} items={steps} /> : null}
                  <dl className="grid grid-cols-3 gap-2 text-center">
                    <div>
                      <dt className="text-xs text-slate-500 dark:text-slate-400">{t("tapsToday")}</dt>
                      <dd className="text-xl font-bold" data-testid="taps-today">
                        {b.tapsToday}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500 dark:text-slate-400">{t("activePrograms")}</dt>
                      <dd className="text-xl font-bold">{b.activePrograms}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500 dark:text-slate-400">{t("members")}</dt>
                      <dd className="text-xl font-bold">{b.members}</dd>
                    </div>
                  </dl>
                  {locations.length > 1 ? <LocationComparison business={b} rows={locations} locale={locale} /> : null}
                  <div className="flex flex-wrap gap-2 text-sm">
                    <Link href={businessTabHref(b.id, "card")} className={buttonClass("secondary")}>
                      {t("editCard")}
                    </Link>
                    <Link href={businessTabHref(b.id, "programs")} className={buttonClass("secondary")}>
                      {t("programs")}
                    </Link>
                    <Link href={businessTabHref(b.id, "tags")} className={buttonClass("secondary")}>
                      {t("tags")}
                    </Link>
                  </div>
                </Card>
              );
            })}
          </ul>
          <Card className="space-y-2 p-4">
            <h3 className="font-semibold">{t("redeemByCode")}</h3>
            <RedeemByCodeForm />
          </Card>
        </section>
      ) : null}

      {staffAt.length > 0 ? <Workplaces workplaces={staffAt} showRedeem={businesses.length === 0} /> : null}

      <section aria-labelledby="my-cards" className="space-y-4">
        <h2 id="my-cards" className="text-xl font-semibold">
          {businesses.length > 0 ? t("yourCards") : t("yourPlaces")}
        </h2>
        {cards.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t("noCards")}</p>
        ) : (
          <>
            {closest.length > 0 ? (
              <ListPanel id="closest-reward" title={t("closest")} listClassName="space-y-3">
                {closest.map((entry) => (
                  <li key={entry.program.id} className="space-y-1" data-testid="closest-reward">
                    <p className="font-medium break-words">
                      {t("closestItem", { program: entry.program.name, business: entry.businessName })}
                    </p>
                    <ProgramProgress progress={programProgressText(lines, entry.program.name, entry.progress)} />
                  </li>
                ))}
              </ListPanel>
            ) : null}
            {recent.length > 0 ? (
              <ListPanel id="recent-visits" title={t("recent")} listClassName="space-y-2">
                {recent.map((card) => (
                  <li key={card.businessId} className="flex flex-wrap justify-between gap-x-3 text-sm">
                    <span className="font-medium break-words">{card.businessName}</span>
                    <span className="text-slate-600 dark:text-slate-300">
                      {t("lastVisit", { date: formatInstantIn(card.lastVisitAt, displayZone(card.timeZone), locale) })}
                    </span>
                  </li>
                ))}
              </ListPanel>
            ) : null}
          </>
        )}
        {/* One row that wraps whole: the wallet button, then the rewards link, never split mid-phrase. */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          {cards.length > 0 ? (
            <Link href="/dashboard/wallet" className={buttonClass("secondary")}>
              {t("walletLink")}
            </Link>
          ) : null}
          <Link href="/dashboard/rewards" className="text-sm text-brand underline dark:text-indigo-300">
            {t("allRewards")}
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * "Businesses you work at": a staff member's counter tools for each business
 * (the customers, redeeming a reward, how to record a visit from a QR). The
 * owner's tools (programs, tags, card) are not offered: they are the owner's.
 */
async function Workplaces({
  workplaces,
  showRedeem,
}: {
  workplaces: { id: string; name: string }[];
  showRedeem: boolean;
}) {
  const t = await getTranslations("staff.workplaces");
  return (
    <section aria-labelledby="workplaces" className="space-y-4">
      <h2 id="workplaces" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {workplaces.map((w) => (
          <Card as="li" key={w.id} className="space-y-3 p-4" data-testid="workplace">
            <h3 className="text-lg font-semibold break-words">{w.name}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
            <div className="flex flex-wrap gap-2 text-sm">
              <Link href={businessNavHref(w.id, "customers")} className={buttonClass("secondary")}>
                {t("customers")}
              </Link>
              <Link href="/dashboard/redeem-reward" className={buttonClass("secondary")}>
                {t("redeem")}
              </Link>
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("scanHint")}</p>
          </Card>
        ))}
      </ul>
      {showRedeem ? (
        <Card className="space-y-2 p-4">
          <h3 className="font-semibold">{t("redeem")}</h3>
          <RedeemByCodeForm />
        </Card>
      ) : null}
    </section>
  );
}

/** A titled box of the home page holding one list (the rewards closest to hand, the latest visits). */
function ListPanel({
  id,
  title,
  listClassName,
  children,
}: {
  id: string;
  title: string;
  listClassName: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="space-y-3 p-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <ul className={listClassName}>{children}</ul>
    </Card>
  );
}

/**
 * After "Delete this business" (docs/business-lifecycle.md): the owner lands
 * here with `?deleted=<id>`, and the business they deleted is confirmed by
 * name. Any other id (someone else's, one that exists) shows nothing.
 */
async function deletedBusinessOf(ownerId: string, value: string | string[] | undefined) {
  const id = idString().safeParse(Array.isArray(value) ? value[0] : value);
  const gone = id.success ? await findDeletedBusiness(ownerId, id.data) : null;
  if (!gone) return null;
  const t = await getTranslations("lifecycle.delete");
  return (
    <p
      role="status"
      data-testid="business-deleted"
      className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      {t("done", { business: gone.name })}
    </p>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, DashboardPage);
