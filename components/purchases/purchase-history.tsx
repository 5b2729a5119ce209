import { getLocale, getTranslations } from "next-intl/server";
import { RefundForm } from "@/components/purchases/refund-form";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import type { CustomerPurchase } from "@/lib/purchases/counter";

/** A customer's purchases on their card (owner and staff), each with its refund while something is left to refund. */
export async function PurchaseHistory({
  businessId,
  zone,
  purchases,
}: {
  businessId: string;
  zone: string;
  purchases: CustomerPurchase[];
}) {
  // Shown once there is something to show: most businesses give points for visits only.
  if (purchases.length === 0) return null;
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const t = await getTranslations("customerCard.purchases");
  return (
    <section aria-labelledby="card-purchases-heading" className="space-y-3" data-testid="purchase-history">
      <h2 id="card-purchases-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {purchases.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("none")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("hint")}</p>
          <ul className="space-y-3 text-sm">
            {purchases.map((p) => (
              <li key={p.id} className="space-y-1 break-words">
                <p>
                  <span className="font-medium">{p.amount}</span> · {t("points", { points: p.points })} ·{" "}
                  {formatInstantIn(p.createdAt, zone, locale)}
                  {p.receipt ? ` · ${t("receipt", { receipt: p.receipt })}` : null}
                </p>
                {p.refunded ? (
                  <p className="text-slate-600 dark:text-slate-300">
                    {t("refunded", { amount: p.refunded, points: p.pointsTakenBack })}
                  </p>
                ) : null}
                {p.refundableCents > 0 ? <RefundForm businessId={businessId} purchaseId={p.id} /> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
