import { getLocale, getTranslations } from "next-intl/server";
import { deltaText } from "@/components/customer-card/adjustment-text";
import type { CustomerCard } from "@/lib/db/customer-card";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { DataTable, tableCell as cell, TableSection } from "@/components/ui/data-table";
import { displayZone } from "@/lib/time/display-zone";

/** The customer's visits (which tag, or the QR) and the manual adjustments, newest first, on the business's clock. */
export async function CardHistory({ card }: { card: CustomerCard }) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const [t, lines] = await Promise.all([getTranslations("customerCard.history"), getKeyTranslator()]);
  const zone = displayZone(card.business.timeZone);
  return (
    <TableSection id="card-history-heading" heading={t("heading")} empty={card.history.length === 0 ? t("none") : null}>
      <DataTable testId="card-history" columns={[t("when"), t("what")]}>
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
                  {entry.programName} {deltaText(lines, entry.programType, entry.delta)}
                  {" — "}
                  <span className="break-words">{entry.reason}</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </TableSection>
  );
}
