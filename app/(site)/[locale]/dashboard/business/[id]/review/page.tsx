import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { HeldVisitActions } from "@/components/review/held-visit-actions";
import { ReviewSettingsForm } from "@/components/review/review-settings-form";
import { loadCounterBusiness } from "@/lib/staff/counter-business";
import { getReviewRules, listPendingHeldVisits } from "@/lib/db/held-visits";
import { readReviewRules } from "@/lib/review/rules";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { displayZone } from "@/lib/time/display-zone";
import { displayName } from "@/lib/users/display-name";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

// The review queue (docs/review-queue.md): the owner and their staff decide
// held visits; the hold rules' settings are the owner's. Anyone else gets the
// 404 of a business that does not exist.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const business = await loadCounterBusiness((await params).id);
  return {
    title: business
      ? `${(await getTranslations("review.page"))("title")} · ${business.name}`
      : (await getTranslations("dashboard.business"))("notFound"),
  };
}

async function ReviewPage({ params }: Props) {
  const business = await loadCounterBusiness((await params).id);
  if (!business) notFound();
  const [t, reasons, locale, held] = await Promise.all([
    getTranslations("review"),
    getTranslations("review.reasons"),
    getLocale() as Promise<Locale>,
    listPendingHeldVisits(business.id),
  ]);
  const rules = business.access === "owner" ? readReviewRules(await getReviewRules(business.id)) : null;
  // The business's day and 24-hour time, written as the rest of the dashboard writes them.
  const time = (at: Date) => formatInstantIn(at, displayZone(business.timezone), locale, true);

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{business.name}</p>
        <h1 className="text-2xl font-bold">{t("page.title")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
      </header>

      <BusinessPageTabs businessId={business.id} current="review" viewer={business.access} />

      <section aria-labelledby="held-heading" className="space-y-3">
        <h2 id="held-heading" className="text-lg font-semibold">
          {t("queue.heading", { count: held.length })}
        </h2>
        {held.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("queue.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {held.map((visit) => (
              <li
                key={visit.id}
                data-testid="held-visit"
                className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
              >
                <p className="font-medium">
                  {visit.user.guest ? t("queue.guest") : displayName(visit.user)}
                  {" · "}
                  <time dateTime={visit.heldAt.toISOString()}>{time(visit.heldAt)}</time>
                </p>
                <p className="text-sm">
                  {reasons(visit.reason as "tag_spread", visit.details as Record<string, number>)}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("queue.tag", { tag: visit.tag?.label || visit.tag?.id || t("queue.noTag") })}
                </p>
                <HeldVisitActions businessId={business.id} heldVisitId={visit.id} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {rules ? (
        <section aria-labelledby="rules-heading" className="space-y-3">
          <h2 id="rules-heading" className="text-lg font-semibold">
            {t("settings.heading")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("settings.intro")}</p>
          <ReviewSettingsForm businessId={business.id} rules={rules} />
        </section>
      ) : null}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, ReviewPage);
