import { getTranslations } from "next-intl/server";
import { liftMessage } from "@/components/campaigns/lift-text";
import { Card } from "@/components/ui/card";
import { DataTable, tableCell } from "@/components/ui/data-table";
import type { CampaignResults, WindowResult } from "@/lib/campaigns/results";
import type { Locale } from "@/lib/i18n/locales";
import { translateMessage } from "@/lib/i18n/message";
import { getKeyTranslator } from "@/lib/i18n/translator";

type Interval = { estimate: number; low: number; high: number };

/**
 * Each window (7, 14, 30 days): the messaged and the held out side by side,
 * the difference with its 95% interval, and the owner's one line of it.
 */
export async function ResultsView({ results, locale }: { results: CampaignResults; locale: Locale }) {
  const [t, lines] = await Promise.all([getTranslations("campaigns.results"), getKeyTranslator()]);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const signed = (format: Intl.NumberFormat, value: number) =>
    `${value > 0 ? "+" : ""}${format.format(value)}`.replace("-", "−");
  // A group too small for a number shows a dash rather than a made-up zero.
  const share = (value: number | null) => (value === null ? "—" : percent.format(value));
  const mean = (value: number | null) => (value === null ? "—" : decimal.format(value));
  const range = (format: Intl.NumberFormat, value: Interval | null) =>
    value === null
      ? "—"
      : t("range", {
          estimate: signed(format, value.estimate),
          low: signed(format, value.low),
          high: signed(format, value.high),
        });

  const windowCard = (window: WindowResult) => {
    const id = `window-${window.days}`;
    const row = (label: string, members: number, rate: number | null, visits: number | null) => (
      <tr>
        <th scope="row" className={`${tableCell} font-medium`}>
          {label}
        </th>
        <td className={tableCell}>{members}</td>
        <td className={tableCell}>{share(rate)}</td>
        <td className={tableCell}>{mean(visits)}</td>
      </tr>
    );
    return (
      <Card as="section" key={window.days} aria-labelledby={id} className="space-y-3 p-4" data-testid={id}>
        <h2 id={id} className="text-lg font-semibold">
          {t("window", { days: window.days })}
        </h2>
        <p className="text-base font-medium" data-testid={`${id}-lift`}>
          {translateMessage(lines, liftMessage(window.extraVisits, window.enoughData))}
        </p>
        {window.partial ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("partial")}</p> : null}
        <DataTable
          testId={`${id}-table`}
          className="min-w-[30rem]"
          columns={[t("group"), t("members"), t("returnRate"), t("visitsPerMember")]}
        >
          {row(t("messaged"), window.messaged.members, window.returnRate.messaged, window.visitsPerMember.messaged)}
          {row(t("heldOut"), window.heldOut.members, window.returnRate.heldOut, window.visitsPerMember.heldOut)}
          <tr className="border-t border-slate-200 dark:border-slate-700">
            <th scope="row" className={`${tableCell} font-medium`}>
              {t("difference")}
            </th>
            <td className={tableCell} />
            <td className={tableCell}>{range(percent, window.returnRate.difference)}</td>
            <td className={tableCell}>{range(decimal, window.visitsPerMember.difference)}</td>
          </tr>
        </DataTable>
      </Card>
    );
  };

  return (
    <div className="space-y-4">
      {results.windows.map(windowCard)}
      <Card as="section" aria-labelledby="redemptions-heading" className="space-y-1 p-4">
        <h2 id="redemptions-heading" className="text-lg font-semibold">
          {t("redemptions", { count: results.offerRedemptions })}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("redemptionsHint")}</p>
      </Card>
    </div>
  );
}
