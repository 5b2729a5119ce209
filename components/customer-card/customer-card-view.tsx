import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { AdjustmentForm } from "@/components/customer-card/adjustment-form";
import { CardAudit } from "@/components/customer-card/card-audit";
import { CardCounter } from "@/components/customer-card/card-counter";
import { CardHistory } from "@/components/customer-card/card-history";
import { RecordVisitButton } from "@/components/customer-card/record-visit-button";
import { Card } from "@/components/ui/card";
import { CounterLocationPicker, CounterLocationProvider } from "@/components/counter/counter-location";
import type { CounterPlace } from "@/lib/staff/locations";
import { PurchaseHistory } from "@/components/purchases/purchase-history";
import type { CustomerPurchase } from "@/lib/purchases/counter";
import type { CardReward, CustomerCard } from "@/lib/db/customer-card";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { formatPhone } from "@/lib/validation/phone";
import { displayZone } from "@/lib/time/display-zone";

/** Redeemed or expired rewards, each with its day on the business's clock. */
async function PastRewards({
  title,
  rewards,
  dateOf,
  zone,
}: {
  title: string;
  rewards: CardReward[];
  dateOf: (reward: CardReward, date: (at: Date) => string) => string;
  zone: string;
}) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const t = await getTranslations("customerCard.rewards");
  const date = (at: Date) => formatInstantIn(at, zone, locale);
  return (
    <div className="space-y-2">
      <h3 className="font-medium">{title}</h3>
      {rewards.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("none")}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {rewards.map((r) => (
            <li key={r.id} className="break-words">
              <span className="font-medium">{r.name}</span>{" "}
              <span className="text-slate-600 dark:text-slate-300">
                · {t("code", { code: r.code })} · {dateOf(r, date)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A customer's card for the business (its owner or staff): who they are, the
 * counter's part (progress, ready rewards, record a visit), their rewards, the
 * owner's adjustments, the visit history and the audit entries about them.
 */
export async function CustomerCardView({
  card,
  purchases = [],
  place,
}: {
  card: CustomerCard;
  purchases?: CustomerPurchase[];
  /** Where the counter works at the business (docs/locations.md, "The counter"). */
  place?: CounterPlace;
}) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const [t, rewards] = await Promise.all([getTranslations("customerCard"), getTranslations("customerCard.rewards")]);
  const zone = displayZone(card.business.timeZone);
  const adjustable = card.programs.filter((p) => p.adjustable).map((p) => ({ id: p.id, name: p.name }));
  const { customer } = card;
  return (
    <CounterLocationProvider places={place ? [place] : []}>
      <div className="space-y-8">
        <header className="space-y-2">
          <Link
            href={`/dashboard/business/${card.business.id}`}
            className="text-sm text-slate-600 hover:underline dark:text-slate-300"
          >
            {t("back", { business: card.business.name })}
          </Link>
          <h1 className="text-2xl font-bold break-words">
            {customer.guest ? t("guest", { number: customer.cardNumber }) : customer.fullName}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("memberSince", { date: formatInstantIn(card.memberSince, zone, locale) })} ·{" "}
            {t("visits", { count: card.visitCount })}
            {card.adjustments > 0 ? ` · ${t("adjustments", { count: card.adjustments })}` : null}
            {card.lastVisitAt
              ? ` · ${t("lastVisit", { date: formatInstantIn(card.lastVisitAt, zone, locale) })}`
              : null}
          </p>
          {customer.contactHidden ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("contact.ownerOnly")}</p>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium">{t("contact.email")}</dt>
              <dd className="break-all">{customer.email ?? t("contact.none")}</dd>
              <dt className="font-medium">{t("contact.phone")}</dt>
              <dd>{customer.phone ? formatPhone(customer.phone) : t("contact.none")}</dd>
            </dl>
          )}
        </header>

        <Card as="section" aria-labelledby="card-counter-heading" className="space-y-4 p-4">
          <h2 id="card-counter-heading" className="sr-only">
            {t("visit.heading")}
          </h2>
          <CounterLocationPicker businessId={card.business.id} />
          <RecordVisitButton businessId={card.business.id} customerId={customer.id} />
        </Card>

        <CardCounter card={card} />

        <section aria-labelledby="card-rewards-heading" className="space-y-3">
          <h2 id="card-rewards-heading" className="text-lg font-semibold">
            {t("rewards.heading")}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <PastRewards
              title={t("rewards.redeemed")}
              rewards={card.rewards.redeemed}
              zone={zone}
              dateOf={(r, date) => (r.redeemedAt ? rewards("redeemedOn", { date: date(r.redeemedAt) }) : "")}
            />
            <PastRewards
              title={t("rewards.expired")}
              rewards={card.rewards.expired}
              zone={zone}
              dateOf={(r, date) => (r.expiresAt ? rewards("expiredOn", { date: date(r.expiresAt) }) : "")}
            />
          </div>
        </section>

        {card.business.access === "owner" ? (
          <section aria-labelledby="card-adjust-heading" className="space-y-3">
            <h2 id="card-adjust-heading" className="text-lg font-semibold">
              {t("adjust.heading")}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("adjust.hint")}</p>
            {adjustable.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t("adjust.noProgram")}</p>
            ) : (
              <AdjustmentForm businessId={card.business.id} customerId={customer.id} programs={adjustable} />
            )}
          </section>
        ) : null}

        <PurchaseHistory businessId={card.business.id} zone={zone} purchases={purchases} />
        <CardHistory card={card} />
        <CardAudit card={card} />
      </div>
    </CounterLocationProvider>
  );
}
