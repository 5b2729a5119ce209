import { getTranslations } from "next-intl/server";
import type { LocationComparisonRow } from "@/lib/db/location-stats";
import type { Locale } from "@/lib/i18n/locales";
import { displayZone } from "@/lib/time/display-zone";

/**
 * A business's locations side by side on the owner's dashboard (docs/locations.md,
 * "What owners and customers see"): one row a location, its visits today, in
 * the last 7 and 30 days, its new customers and the rewards earned there and
 * redeemed in the last 30 days, on the business's clock. Narrow enough for a
 * phone inside the business's card: short headers, the caption and the hint
 * say the rest.
 */
export async function LocationComparison({
  business,
  rows,
  locale,
}: {
  business: { id: string; name: string };
  rows: LocationComparisonRow[];
  locale: Locale;
}) {
  const timeZone = displayZone(rows[0]?.timezone ?? "UTC");
  const t = await getTranslations("locationViews.comparison");
  const number = new Intl.NumberFormat(locale);
  const headingId = `location-comparison-${business.id}`;
  const hintId = `location-comparison-hint-${business.id}`;
  const figures = (row: LocationComparisonRow) => [
    row.visitsToday,
    row.visits7,
    row.visits30,
    row.newCustomers30,
    row.redeemed30,
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="location-comparison">
      <h4 id={headingId} className="text-sm font-semibold">
        {t("heading")}
      </h4>
      <table className="w-full text-sm" aria-describedby={hintId}>
        <caption className="sr-only">{t("caption", { business: business.name })}</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-1 text-left align-bottom font-medium">
              {t("location")}
            </th>
            {[t("today"), t("week"), t("month"), t("newCustomers"), t("redeemed")].map((label) => (
              <th key={label} scope="col" className="px-1 py-1 text-right align-bottom font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.locationId} data-location={row.locationId}>
              <th scope="row" className="py-1.5 pr-1 text-left font-medium wrap-anywhere">
                {row.name}
                {row.closed ? (
                  <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{t("closed")}</span>
                ) : null}
              </th>
              {figures(row).map((value, index) => (
                <td key={index} className="px-1 py-1.5 text-right tabular-nums">
                  {number.format(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        {t("hint", { timeZone })}
      </p>
    </section>
  );
}
