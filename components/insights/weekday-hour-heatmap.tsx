import { ChartFigure, tableClass } from "@/components/insights/chart-figure";
import { HOURS, heatLevel, matrixMax } from "@/lib/insights/heatmap";

const CELL = 12;
const STEP = 14;
const LEFT = 40;
const TOP = 16;

// Level 0 (no visits) to 4 (the busiest hour), light to dark in light mode and
// dark to light in dark mode, so busy always stands out from the page.
const LEVEL_CLASSES = [
  "fill-slate-100 dark:fill-slate-800",
  "fill-indigo-200 dark:fill-indigo-900",
  "fill-indigo-400 dark:fill-indigo-700",
  "fill-indigo-600 dark:fill-indigo-500",
  "fill-indigo-900 dark:fill-indigo-300",
];

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
  const max = matrixMax(matrix);
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
        {HOURS.filter((hour) => hour % 3 === 0).map((hour) => (
          <text
            key={hour}
            x={LEFT + hour * STEP + CELL / 2}
            y={TOP - 5}
            textAnchor="middle"
            className="fill-slate-500 text-[10px] dark:fill-slate-400"
          >
            {hour}
          </text>
        ))}
        {matrix.map((row, w) => (
          <g key={w}>
            <text
              x={LEFT - 6}
              y={TOP + w * STEP + CELL / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-500 text-[10px] dark:fill-slate-400"
            >
              {weekdayLabels[w]}
            </text>
            {/* One group per level carries its colour, rather than every one of the 168 cells. */}
            {LEVEL_CLASSES.map((levelClass, level) => (
              <g key={level} className={levelClass}>
                {row.map((value, hour) =>
                  heatLevel(value, max) === level ? (
                    <rect key={hour} x={LEFT + hour * STEP} y={TOP + w * STEP} width={CELL} height={CELL} rx={2} />
                  ) : null,
                )}
              </g>
            ))}
          </g>
        ))}
      </g>
    </ChartFigure>
  );
}
