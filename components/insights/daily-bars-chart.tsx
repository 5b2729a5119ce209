import { ChartFigure, ChartLegend } from "@/components/insights/chart-figure";
import { axisTicks, niceCeiling, slotWidth, yScale } from "@/lib/insights/scale";
import { dailyBarRects, rectsPath } from "@/lib/insights/shapes";

export type DailySeries = { label: string; className: string; values: readonly number[] };

const TOP = 8;
const LEFT = 32;
const RIGHT = 8;
const PLOT = 140;
const BOTTOM = 22;

/**
 * Bars per day: one series, several stacked (parts of one whole, such as new
 * and returning visits) or grouped side by side (issued and redeemed). Each
 * series is one path in its colour. Only the first, middle and last days are
 * named on the axis; the page's day-by-day table names all of them.
 */
export function DailyBarsChart({
  id,
  heading,
  hint,
  summary,
  days,
  axisLabel,
  series,
  mode = "stacked",
  formatNumber,
}: {
  id: string;
  heading: string;
  hint?: string;
  summary: string;
  days: readonly string[];
  /** A day as the axis writes it (short); asked only for the days the axis names. */
  axisLabel: (day: string) => string;
  series: readonly DailySeries[];
  mode?: "stacked" | "grouped";
  formatNumber: (value: number) => string;
}) {
  const slot = slotWidth(days.length);
  const width = LEFT + days.length * slot + RIGHT;
  const height = TOP + PLOT + BOTTOM;
  const bottom = TOP + PLOT;
  const dayTotals = days.map((_, i) =>
    mode === "stacked"
      ? series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const top = niceCeiling(Math.max(0, ...dayTotals));
  const y = yScale(top, bottom, PLOT);
  const bars = dailyBarRects(
    series.map((s) => s.values),
    days.length,
    mode,
    { left: LEFT, slot, gap: slot >= 6 ? 1 : 0, bottom, y },
  );
  const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].filter((i) => days[i]);

  return (
    <ChartFigure
      id={id}
      heading={heading}
      hint={hint}
      summary={summary}
      width={width}
      height={height}
      legend={
        series.length > 1 ? <ChartLegend items={series.map(({ label, className }) => ({ label, className }))} /> : null
      }
    >
      <g aria-hidden="true">
        <g className="stroke-slate-200 dark:stroke-slate-700" strokeWidth={1}>
          {axisTicks(top).map((tick) => (
            <line key={tick} x1={LEFT} x2={width - RIGHT} y1={y(tick)} y2={y(tick)} />
          ))}
        </g>
        <g className="fill-slate-500 text-[10px] dark:fill-slate-400" textAnchor="end">
          {axisTicks(top).map((tick) => (
            <text key={tick} x={LEFT - 4} y={y(tick)} dominantBaseline="middle">
              {formatNumber(tick)}
            </text>
          ))}
        </g>
        {series.map((s, k) => {
          const d = rectsPath(bars[k] ?? []);
          return d ? <path key={s.label} d={d} className={s.className} /> : null;
        })}
        <g className="fill-slate-500 text-[10px] dark:fill-slate-400" textAnchor="middle">
          {labelled.map((i) => (
            <text
              key={i}
              x={Math.min(Math.max(LEFT + i * slot + slot / 2, LEFT + 16), width - RIGHT - 16)}
              y={bottom + 15}
            >
              {axisLabel(days[i] ?? "")}
            </text>
          ))}
        </g>
        <line
          x1={LEFT}
          x2={width - RIGHT}
          y1={bottom}
          y2={bottom}
          className="stroke-slate-400 dark:stroke-slate-500"
          strokeWidth={1}
        />
      </g>
    </ChartFigure>
  );
}
