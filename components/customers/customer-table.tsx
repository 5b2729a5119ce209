import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { customerFullName } from "@/lib/customers/cursor";
import { cardNumberFor } from "@/lib/loyalty/card-number";
import type { CustomerRow } from "@/lib/db/customers";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The members of one page: each name links to the customer's card. Dates on
 * the business's clock. `contact`: the email and phone columns, the owner's
 * only (staff rows carry neither, docs/owner-tools.md "Staff").
 */
export async function CustomerTable({
  businessId,
  businessName,
  rows,
  contact,
  timeZone,
  locale,
}: {
  businessId: string;
  businessName: string;
  rows: CustomerRow[];
  contact: boolean;
  timeZone: string;
  locale: Locale;
}) {
  const t = await getTranslations("customers.table");
  const base = `/dashboard/business/${encodeURIComponent(businessId)}/customers`;
  const columns = [
    ...(contact ? (["email", "phone"] as const) : []),
    ...(["memberSince", "lastVisit", "visits", "rewards"] as const),
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("caption", { business: businessName })}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="py-2 pr-3">
              {t("name")}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-3">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            // A guest has no name: the card's number tells guests apart.
            const name = row.guest
              ? t("guest", { number: cardNumberFor(row.id) })
              : (customerFullName(row) ?? t("noName"));
            return (
              <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-2 pr-3 font-medium">
                  <Link
                    href={`${base}/${encodeURIComponent(row.userId)}`}
                    className="text-brand underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    {name}
                  </Link>
                </th>
                {contact ? (
                  <>
                    <td className="py-2 pr-3 break-all">{row.email ?? ""}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{row.phone ?? ""}</td>
                  </>
                ) : null}
                <td className="py-2 pr-3 whitespace-nowrap">{formatInstantIn(row.linkedAt, timeZone, locale)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {row.lastVisitAt ? formatInstantIn(row.lastVisitAt, timeZone, locale) : t("never")}
                </td>
                <td className="py-2 pr-3 tabular-nums">{row.visitCount}</td>
                <td className="py-2 pr-3 tabular-nums">
                  {row.rewardsEarned} / {row.rewardsReady}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
