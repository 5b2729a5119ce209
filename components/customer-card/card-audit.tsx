import { getLocale, getTranslations } from "next-intl/server";
import type { CardAuditEntry, CustomerCard } from "@/lib/db/customer-card";
import { formatInstantIn } from "@/lib/i18n/dates";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { DataTable, tableCell as cell, TableSection } from "@/components/ui/data-table";
import { displayZone } from "@/lib/time/display-zone";

const countOf = (value: unknown): number | null => {
  const count = value && typeof value === "object" ? (value as { count?: unknown }).count : undefined;
  return typeof count === "number" ? count : null;
};

type Translate = Awaited<ReturnType<typeof getTranslations<"customerCard.audit">>>;

/** What an entry did, in words: an adjustment's before → after and rewards, a redemption's reward. */
function whatOf(t: Translate, entry: CardAuditEntry): string {
  const before = countOf(entry.before);
  const after = countOf(entry.after);
  const parts: string[] = [];
  if (before !== null && after !== null) parts.push(t("change", { program: entry.programName ?? "", before, after }));
  const rewards = Array.isArray(entry.details.rewards) ? entry.details.rewards.length : 0;
  if (rewards > 0) parts.push(t("rewardsIssued", { count: rewards }));
  if (entry.action === "REDEMPTION" && typeof entry.details.name === "string")
    parts.push(t("redeemedReward", { reward: entry.details.name, code: String(entry.details.code ?? "") }));
  return parts.join(" · ");
}

const KNOWN_ACTIONS = new Set([
  "ADJUSTMENT",
  "VISIT_RECORDED",
  "REDEMPTION",
  "REDEMPTION_UNDONE",
  "EXPORT",
  "STAFF_INVITED",
  "STAFF_JOINED",
  "STAFF_REVOKED",
  "CUSTOMER_MERGED",
  "CAMPAIGN_OFFER",
  "PURCHASE_RECORDED",
  "PURCHASE_REFUNDED",
]);

/** The audit log's entries about this customer (append-only: lib/db/audit.ts), newest first. */
export async function CardAudit({ card }: { card: CustomerCard }) {
  const raw = await getLocale();
  const locale: Locale = isLocale(raw) ? raw : "en";
  const t = await getTranslations("customerCard.audit");
  const zone = displayZone(card.business.timeZone);
  return (
    <TableSection id="card-audit-heading" heading={t("heading")} empty={card.audit.length === 0 ? t("none") : null}>
      <DataTable testId="card-audit" columns={[t("when"), t("who"), t("what"), t("why")]}>
        {card.audit.map((entry) => (
          <tr key={entry.id}>
            <th scope="row" className={`${cell} font-normal whitespace-nowrap`}>
              {formatInstantIn(entry.at, zone, locale, true)}
            </th>
            <td className={cell}>{entry.actorName ?? t("system")}</td>
            <td className={cell}>
              <span className="font-medium">
                {t(`actions.${KNOWN_ACTIONS.has(entry.action) ? entry.action : "other"}`)}
              </span>
              {whatOf(t, entry) ? <span className="block break-words">{whatOf(t, entry)}</span> : null}
            </td>
            <td className={`${cell} break-words`}>{entry.reason ?? ""}</td>
          </tr>
        ))}
      </DataTable>
    </TableSection>
  );
}
