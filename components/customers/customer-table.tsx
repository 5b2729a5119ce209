import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { customerFullName } from "@/lib/customers/cursor";
import { cardNumberFor } from "@/lib/loyalty/card-number";
import type { CustomerRow } from "@/lib/db/customers";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The members of one page: each name links to the customer's card. A table
 * from 640 px up, a list of cards below (no sideways scrolling on a phone). Dates on
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
  const href = (row: CustomerRow) => `${base}/${encodeURIComponent(row.userId)}`;
  const nameOf = (row: CustomerRow) =>
    // A guest has no name: the card's number tells guests apart.
    row.guest ? t("guest", { number: cardNumberFor(row.id) }) : (customerFullName(row) ?? t("noName"));
  const lastVisit = (row: CustomerRow) =>
    row.lastVisitAt ? formatInstantIn(row.lastVisitAt, timeZone, locale) : t("never");
  return (
    <>
      {/* Phones (up to 640 px): a card a member, the table's data without its columns. */}
      <ul className="space-y-2 sm:hidden" aria-label={t("caption", { business: businessName })}>
        {rows.map((row) => (
          <li
            key={row.id}
            className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
            data-testid="customer-card"
          >
            <Link
              href={href(row)}
              className="block font-medium break-words text-brand underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {nameOf(row)}
            </Link>
            {contact && (row.email || row.phone) ? (
              <p className="text-slate-600 dark:text-slate-300">
                {/* Cut to one line; the whole address is its title and on the customer's card. */}
                {row.email ? (
                  <span className="block truncate" title={row.email}>
                    {row.email}
                  </span>
                ) : null}
                {row.phone ? <span className="block">{row.phone}</span> : null}
              </p>
            ) : null}
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("visits")}</dt>
                <dd className="tabular-nums">{row.visitCount}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("rewards")}</dt>
                <dd className="tabular-nums">
                  {row.rewardsEarned} / {row.rewardsReady}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("lastVisit")}</dt>
                <dd>{lastVisit(row)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("memberSince")}</dt>
                <dd>{formatInstantIn(row.linkedAt, timeZone, locale)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
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
              const name = nameOf(row);
              return (
                <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link
                      href={href(row)}
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
                  <td className="py-2 pr-3 whitespace-nowrap">{lastVisit(row)}</td>
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
    </>
  );
}
