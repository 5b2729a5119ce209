import { getLocale, getTranslations } from "next-intl/server";
import { deltaText } from "@/components/customer-card/adjustment-text";
import type { CustomerCard } from "@/lib/db/customer-card";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import type { KeyTranslator } from "@/lib/i18n/message-key";

const cell = "px-3 py-2 text-left align-top";

/** The customer's visits (which tag, or the QR) and the manual adjustments, newest first, on the business's clock. */
export async function CardHistory({ card }: { card: CustomerCard }) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const [t, root] = await Promise.all([getTranslations("customerCard.history"), getTranslations()]);
  const zone = card.business.timeZone;
  return (
    <section aria-labelledby="card-history-heading" className="space-y-3">
      <h2 id="card-history-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {card.history.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full text-sm" data-testid="card-history">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className={cell}>
                  {t("when")}
                </th>
                <th scope="col" className={cell}>
                  {t("what")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {card.history.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row" className={`${cell} font-normal whitespace-nowrap`}>
                    {formatInstantIn(entry.at, zone, locale, true)}
                  </th>
                  <td className={cell}>
                    {entry.kind === "visit" ? (
                      entry.tagLabel ? (
                        t("tag", { label: entry.tagLabel })
                      ) : (
                        t("qr")
                      )
                    ) : (
                      <>
                        <span className="font-medium">
                          {entry.actorName ? t("adjustmentBy", { actor: entry.actorName }) : t("adjustment")}
                        </span>
                        {": "}
                        {entry.programName}{" "}
                        {deltaText(root as unknown as KeyTranslator, entry.programType, entry.delta)}
                        {" — "}
                        <span className="break-words">{entry.reason}</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
