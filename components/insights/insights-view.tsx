import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DailyBarsChart } from "@/components/insights/daily-bars-chart";
import { DaysTable } from "@/components/insights/days-table";
import { ProgramBarsChart } from "@/components/insights/program-bars-chart";
import { WeekdayHourHeatmap } from "@/components/insights/weekday-hour-heatmap";
import { Card } from "@/components/ui/card";
import type { Insights } from "@/lib/db/insights";
import type { LocationOption } from "@/lib/db/location-stats";
import { formatDay, formatShortDay, weekdayName } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { busiestHour, HOURS, WEEKDAYS } from "@/lib/insights/heatmap";
import { INSIGHT_RANGES } from "@/lib/insights/range";
import { redemptionRate, returningVisits, sumBy } from "@/lib/insights/rates";
import { cn } from "@/lib/utils";

/** A choice of the page (a period, a location) as a pill, filled when it is the one shown. */
function pillClass(open: boolean): string {
  return cn(
    "inline-block rounded-full border px-3 py-1.5 text-sm font-medium break-words focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand",
    open
      ? "border-brand bg-brand text-white dark:border-indigo-300 dark:bg-indigo-300 dark:text-slate-900"
      : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
  );
}

/**
 * The owner's insights for one period: totals, then each chart with its table.
 * Server-rendered SVG only: the page ships no chart code to the browser.
 */
export async function InsightsView({
  insights,
  locale,
  rangeHref,
  locationFilter,
}: {
  insights: Insights;
  locale: Locale;
  rangeHref: (range: number) => string;
  /** The business's locations and each one's address (null: all of them), when it has several. */
  locationFilter?: { options: LocationOption[]; href: (location: string | null) => string };
}) {
  const t = await getTranslations("insights");
  const places = await getTranslations("locationViews");
  const at = locationFilter?.options.find((option) => option.id === insights.location);
  const number = new Intl.NumberFormat(locale);
  const formatNumber = (value: number) => number.format(value);
  const { days } = insights;
  const dayKeys = days.map((d) => d.day);
  const axisLabel = (day: string) => formatShortDay(day, locale);
  const from = formatDay(insights.from, locale);
  const to = formatDay(insights.to, locale);

  const visits = days.map((d) => d.visits);
  const newCustomers = days.map((d) => d.newCustomers);
  const returning = days.map((d) => returningVisits(d.visits, d.newCustomers));
  const issued = days.map((d) => d.rewardsIssued);
  const redeemed = days.map((d) => d.rewardsRedeemed);
  const totals = {
    visits: sumBy(visits, (v) => v),
    newCustomers: sumBy(newCustomers, (v) => v),
    returning: sumBy(returning, (v) => v),
    issued: sumBy(issued, (v) => v),
    redeemed: sumBy(redeemed, (v) => v),
  };
  const rate = redemptionRate(totals.issued, totals.redeemed);
  const peak = busiestHour(insights.heatmap);
  const weekdayLabels = WEEKDAYS.map((w) => weekdayName(w, locale));

  const stats: { key: string; label: string; value: string }[] = [
    { key: "visits", label: t("totals.visits"), value: formatNumber(totals.visits) },
    { key: "newCustomers", label: t("totals.newCustomers"), value: formatNumber(totals.newCustomers) },
    { key: "returning", label: t("totals.returning"), value: formatNumber(totals.returning) },
    { key: "issued", label: t("totals.issued"), value: formatNumber(totals.issued) },
    { key: "redeemed", label: t("totals.redeemed"), value: formatNumber(totals.redeemed) },
    {
      key: "rate",
      label: t("totals.rate"),
      value: rate === null ? t("totals.noRate") : t("totals.rateValue", { rate: formatNumber(rate) }),
    },
  ];

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <nav aria-label={t("range.label")}>
          <ul className="flex flex-wrap gap-2">
            {INSIGHT_RANGES.map((range) => {
              const open = range === insights.range;
              return (
                <li key={range}>
                  <Link href={rangeHref(range)} aria-current={open ? "page" : undefined} className={pillClass(open)}>
                    {t("range.days", { count: range })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {locationFilter ? (
          <nav aria-label={places("filter.label")}>
            <ul className="flex flex-wrap gap-2">
              {[null, ...locationFilter.options].map((option) => {
                const open = (option?.id ?? null) === insights.location;
                const label = option
                  ? option.closed
                    ? places("filter.closed", { name: option.name })
                    : option.name
                  : places("filter.all");
                return (
                  <li key={option?.id ?? ""}>
                    <Link
                      href={locationFilter.href(option?.id ?? null)}
                      aria-current={open ? "page" : undefined}
                      className={pillClass(open)}
                    >
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("intro", { from, to, timeZone: insights.business.timeZone })}
        </p>
        {at ? (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="insights-location">
            {places("insights.at", { location: at.name })}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="insights-totals" className="space-y-3">
        <h2 id="insights-totals" className="text-lg font-semibold">
          {t("totals.heading")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {stats.map((stat) => (
            <Card key={stat.key} className="p-3" data-stat={stat.key}>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{stat.label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{stat.value}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <DailyBarsChart
        id="insights-visits"
        heading={t("visits.heading")}
        summary={t("visits.summary", { from, to, total: totals.visits, max: Math.max(0, ...visits) })}
        days={dayKeys}
        axisLabel={axisLabel}
        series={[{ label: t("visits.column"), className: "fill-indigo-600 dark:fill-indigo-400", values: visits }]}
        formatNumber={formatNumber}
      />

      <DailyBarsChart
        id="insights-customers"
        heading={t("customers.heading")}
        hint={t("customers.hint")}
        summary={t("customers.summary", { from, to, newCustomers: totals.newCustomers, returning: totals.returning })}
        days={dayKeys}
        axisLabel={axisLabel}
        series={[
          { label: t("customers.new"), className: "fill-emerald-600 dark:fill-emerald-400", values: newCustomers },
          { label: t("customers.returning"), className: "fill-indigo-600 dark:fill-indigo-400", values: returning },
        ]}
        formatNumber={formatNumber}
      />

      <DailyBarsChart
        id="insights-rewards"
        heading={t("rewards.heading")}
        hint={t("rewards.hint")}
        summary={t("rewards.summary", { from, to, issued: totals.issued, redeemed: totals.redeemed })}
        days={dayKeys}
        axisLabel={axisLabel}
        mode="grouped"
        series={[
          { label: t("rewards.issued"), className: "fill-amber-500 dark:fill-amber-300", values: issued },
          { label: t("rewards.redeemed"), className: "fill-emerald-700 dark:fill-emerald-400", values: redeemed },
        ]}
        formatNumber={formatNumber}
      />

      <DaysTable
        id="insights-days"
        heading={t("days.heading")}
        hint={t("days.hint")}
        showData={t("showData")}
        dayHeader={t("day")}
        days={dayKeys}
        dayLabel={(day) => formatDay(day, locale)}
        columns={[
          { label: t("totals.visits"), values: visits },
          { label: t("totals.newCustomers"), values: newCustomers },
          { label: t("totals.returning"), values: returning },
          { label: t("totals.issued"), values: issued },
          { label: t("totals.redeemed"), values: redeemed },
        ]}
        formatNumber={formatNumber}
      />

      {insights.programs.length ? (
        <ProgramBarsChart
          id="insights-programs"
          heading={t("programs.heading")}
          summary={t("programs.summary", {
            from,
            to,
            list: insights.programs
              .map((p) => t("programs.item", { name: p.name, count: formatNumber(p.completions) }))
              .join("; "),
          })}
          showData={t("showData")}
          programHeader={t("programs.program")}
          valueHeader={t("programs.completions")}
          programs={insights.programs}
          formatNumber={formatNumber}
        />
      ) : (
        <section aria-labelledby="insights-programs" className="space-y-3">
          <h2 id="insights-programs" className="text-lg font-semibold">
            {t("programs.heading")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("programs.empty")}</p>
        </section>
      )}

      <WeekdayHourHeatmap
        id="insights-heatmap"
        heading={t("heatmap.heading")}
        hint={t("heatmap.legend")}
        summary={
          peak
            ? t("heatmap.summary", {
                from,
                to,
                weekday: weekdayName(peak.weekday, locale, "long"),
                hour: peak.hour,
                count: peak.count,
              })
            : t("heatmap.summaryEmpty", { from, to })
        }
        showData={t("showData")}
        weekdayHeader={t("heatmap.weekday")}
        weekdayLabels={weekdayLabels}
        hourLabels={HOURS.map((hour) => t("heatmap.hour", { hour }))}
        matrix={insights.heatmap}
        formatNumber={formatNumber}
      />
    </div>
  );
}
