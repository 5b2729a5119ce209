import { ChartFigure, tableClass } from "@/components/insights/chart-figure";
import { niceCeiling } from "@/lib/insights/scale";

const WIDTH = 300;
const ROW = 34;
const BAR = 12;
const LABEL_MAX = 44;

/** Characters past what the drawing's width shows end in "…" (the table keeps the whole name). */
const clip = (name: string) => (name.length > LABEL_MAX ? `${name.slice(0, LABEL_MAX - 1)}…` : name);

/** Rewards each program issued in the period, one horizontal bar per program. */
export function ProgramBarsChart({
  id,
  heading,
  summary,
  showData,
  programHeader,
  valueHeader,
  programs,
  formatNumber,
}: {
  id: string;
  heading: string;
  summary: string;
  showData: string;
  programHeader: string;
  valueHeader: string;
  programs: readonly { id: string; name: string; completions: number }[];
  formatNumber: (value: number) => string;
}) {
  const top = niceCeiling(Math.max(0, ...programs.map((p) => p.completions)));
  const barSpace = WIDTH - 40;
  const height = Math.max(ROW, programs.length * ROW);
  return (
    <ChartFigure
      id={id}
      heading={heading}
      summary={summary}
      width={WIDTH}
      height={height}
      showData={showData}
      table={
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col">{programHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {programs.map((program) => (
              <tr key={program.id}>
                <th scope="row">{program.name}</th>
                <td>{formatNumber(program.completions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <g aria-hidden="true">
        {programs.map((program, i) => {
          const y = i * ROW;
          const length = (program.completions / top) * barSpace;
          return (
            <g key={program.id}>
              <text x={0} y={y + 11} className="fill-slate-700 text-[11px] dark:fill-slate-200">
                {clip(program.name)}
              </text>
              <rect
                x={0}
                y={y + 16}
                width={barSpace}
                height={BAR}
                rx={2}
                className="fill-slate-100 dark:fill-slate-800"
              />
              {length > 0 ? (
                <rect
                  x={0}
                  y={y + 16}
                  width={Math.max(2, length)}
                  height={BAR}
                  rx={2}
                  className="fill-emerald-600 dark:fill-emerald-400"
                />
              ) : null}
              <text
                x={barSpace + 6}
                y={y + 16 + BAR / 2}
                dominantBaseline="middle"
                className="fill-slate-700 text-[11px] dark:fill-slate-200"
              >
                {formatNumber(program.completions)}
              </text>
            </g>
          );
        })}
      </g>
    </ChartFigure>
  );
}
