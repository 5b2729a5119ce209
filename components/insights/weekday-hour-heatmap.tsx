import { ChartFigure, tableClass } from "@/components/insights/chart-figure";
import { HOURS } from "@/lib/insights/heatmap";
import { heatmapLevelRects, rectsPath } from "@/lib/insights/shapes";

const CELL = 12;
const STEP = 14;
const LEFT = 40;
const TOP = 16;

// Level 0 (no visits) to 4 (the busiest hour), light to dark in light mode and
// dark to light in dark mode, so busy always stands out from the page. Each
// level is one path of squares; the stroke of the same colour, with round
// joins, rounds their corners (a path has no rx).
const LEVEL_CLASSES = [
  "fill-slate-100 stroke-slate-100 dark:fill-slate-800 dark:stroke-slate-800",
  "fill-indigo-200 stroke-indigo-200 dark:fill-indigo-900 dark:stroke-indigo-900",
  "fill-indigo-400 stroke-indigo-400 dark:fill-indigo-700 dark:stroke-indigo-700",
  "fill-indigo-600 stroke-indigo-600 dark:fill-indigo-500 dark:stroke-indigo-500",
  "fill-indigo-900 stroke-indigo-900 dark:fill-indigo-300 dark:stroke-indigo-300",
];
const ROUNDING = 1;

/** Visits by weekday (rows, Monday first) and local hour (columns). */
export function WeekdayHourHeatmap({
  id,
  heading,
  hint,
  summary,
  showData,
  weekdayHeader,
  weekdayLabels,
  hourLabels,
  matrix,
  formatNumber,
}: {
  id: string;
  heading: string;
  hint: string;
  summary: string;
  showData: string;
  weekdayHeader: string;
  /** Monday … Sunday, short. */
  weekdayLabels: readonly string[];
  /** 0 … 23 as the table writes them ("9:00"). */
  hourLabels: readonly string[];
  matrix: readonly (readonly number[])[];
  formatNumber: (value: number) => string;
}) {
  // Inset by the stroke's half width: stroked, each square is CELL wide.
  const levels = heatmapLevelRects(matrix, {
    left: LEFT + ROUNDING,
    top: TOP + ROUNDING,
    step: STEP,
    cell: CELL - 2 * ROUNDING,
  });
  const width = LEFT + HOURS.length * STEP;
  const height = TOP + matrix.length * STEP;
  return (
    <ChartFigure
      id={id}
      heading={heading}
      hint={hint}
      summary={summary}
      width={width}
      height={height}
      showData={showData}
      table={
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col">{weekdayHeader}</th>
              {hourLabels.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.map((row, w) => (
              <tr key={w}>
                <th scope="row">{weekdayLabels[w]}</th>
                {row.map((value, hour) => (
                  <td key={hour}>{formatNumber(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <g aria-hidden="true">
        <g className="fill-slate-500 text-[10px] dark:fill-slate-400" textAnchor="middle">
          {HOURS.filter((hour) => hour % 3 === 0).map((hour) => (
            <text key={hour} x={LEFT + hour * STEP + CELL / 2} y={TOP - 5}>
              {hour}
            </text>
          ))}
        </g>
        <g className="fill-slate-500 text-[10px] dark:fill-slate-400" textAnchor="end">
          {matrix.map((_, w) => (
            <text key={w} x={LEFT - 6} y={TOP + w * STEP + CELL / 2} dominantBaseline="middle">
              {weekdayLabels[w]}
            </text>
          ))}
        </g>
        <g strokeWidth={2 * ROUNDING} strokeLinejoin="round">
          {LEVEL_CLASSES.map((levelClass, level) => {
            const d = rectsPath(levels[level] ?? []);
            return d ? <path key={level} d={d} className={levelClass} /> : null;
          })}
        </g>
      </g>
    </ChartFigure>
  );
}
