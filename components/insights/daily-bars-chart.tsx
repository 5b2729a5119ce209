import { ChartFigure, ChartLegend, tableClass } from "@/components/insights/chart-figure";
import { axisTicks, niceCeiling, slotWidth, yScale } from "@/lib/insights/scale";

export type DailySeries = { label: string; className: string; values: readonly number[] };

const TOP = 8;
const LEFT = 32;
const RIGHT = 8;
const PLOT = 140;
const BOTTOM = 22;

/**
 * Bars per day: one series, several stacked (parts of one whole, such as new
 * and returning visits) or grouped side by side (issued and redeemed). Only
 * the first, middle and last days are named on the axis; the table names all.
 */
export function DailyBarsChart({
  id,
  heading,
  hint,
  summary,
  showData,
  dayHeader,
  days,
  dayLabels,
  axisLabels,
  series,
  mode = "stacked",
  formatNumber,
}: {
  id: string;
  heading: string;
  hint?: string;
  summary: string;
  showData: string;
  dayHeader: string;
  days: readonly string[];
  /** Each day as the table writes it. */
  dayLabels: readonly string[];
  /** Each day as the axis writes it (short). */
  axisLabels: readonly string[];
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
  const gap = slot >= 6 ? 1 : 0;
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);

  return (
    <ChartFigure
      id={id}
      heading={heading}
      hint={hint}
      summary={summary}
      width={width}
      height={height}
      showData={showData}
      legend={
        series.length > 1 ? <ChartLegend items={series.map(({ label, className }) => ({ label, className }))} /> : null
      }
      table={
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col">{dayHeader}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day} data-day={day}>
                <th scope="row">{dayLabels[i]}</th>
                {series.map((s) => (
                  <td key={s.label}>{formatNumber(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <g aria-hidden="true">
        {axisTicks(top).map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={width - RIGHT}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200 dark:stroke-slate-700"
              strokeWidth={1}
            />
            <text
              x={LEFT - 4}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-500 text-[10px] dark:fill-slate-400"
            >
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {/* One group per series carries its colour, rather than every bar (a year is 365 bars a series). */}
        {series.map((s, k) => (
          <g key={s.label} className={s.className}>
            {days.map((day, i) => {
              const value = s.values[i] ?? 0;
              if (value <= 0) return null;
              const x = LEFT + i * slot;
              if (mode === "stacked") {
                const below = series.slice(0, k).reduce((sum, other) => sum + Math.max(0, other.values[i] ?? 0), 0);
                const y0 = y(below);
                const y1 = y(below + value);
                return <rect key={day} x={x + gap / 2} y={y1} width={slot - gap} height={Math.max(0, y0 - y1)} />;
              }
              const barWidth = (slot - gap) / series.length;
              return (
                <rect
                  key={day}
                  x={x + gap / 2 + k * barWidth}
                  y={y(value)}
                  width={barWidth}
                  height={bottom - y(value)}
                />
              );
            })}
          </g>
        ))}
        <g className="fill-slate-500 text-[10px] dark:fill-slate-400">
          {days.map((day, i) =>
            labelled.has(i) ? (
              <text
                key={day}
                x={Math.min(Math.max(LEFT + i * slot + slot / 2, LEFT + 16), width - RIGHT - 16)}
                y={bottom + 15}
                textAnchor="middle"
              >
                {axisLabels[i]}
              </text>
            ) : null,
          )}
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
