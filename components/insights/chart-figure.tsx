import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/**
 * One chart of the insights page: its heading, the drawing (an SVG image whose
 * label says what it shows, for those who cannot see it) and, behind a
 * disclosure, the same numbers as a table (the daily charts share one table,
 * DaysTable, instead). The drawing scrolls sideways inside its box when it is
 * wider than a phone.
 */
export function ChartFigure({
  id,
  heading,
  hint,
  summary,
  width,
  height,
  legend,
  showData,
  table,
  children,
}: {
  id: string;
  heading: string;
  hint?: ReactNode;
  summary: string;
  width: number;
  height: number;
  legend?: ReactNode;
  showData?: string;
  table?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {hint ? <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p> : null}
      <Card className="space-y-3 p-3">
        {/* Focusable, so a keyboard can scroll a chart wider than the screen. */}
        <div
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          tabIndex={0}
          role="group"
          aria-labelledby={id}
        >
          <svg
            role="img"
            aria-label={summary}
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            className="block max-w-none"
          >
            <title>{summary}</title>
            {children}
          </svg>
        </div>
        {legend}
        {table && showData ? (
          <DataDisclosure id={id} showData={showData}>
            {table}
          </DataDisclosure>
        ) : null}
      </Card>
    </section>
  );
}

/** A table of numbers behind a "Show the data" disclosure; its box scrolls, by keyboard too. */
export function DataDisclosure({ id, showData, children }: { id: string; showData: string; children: ReactNode }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded font-medium text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-indigo-300">
        {showData}
      </summary>
      <div
        className="mt-2 max-h-96 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        tabIndex={0}
        role="group"
        aria-labelledby={id}
      >
        {children}
      </div>
    </details>
  );
}

/** Swatches naming each series of a chart, in the colours the chart draws them. */
export function ChartLegend({ items }: { items: { label: string; className: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <svg aria-hidden="true" width={12} height={12} className="shrink-0">
            <rect width={12} height={12} rx={2} className={item.className} />
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

// The data tables' cells are styled once, on the table (descendant variants),
// not cell by cell: a year of days is thousands of cells, and every class on
// a server-rendered element is sent twice (in the HTML and in the page's RSC
// payload). Numbers are right-aligned; the first column names the row.
export const tableClass = [
  "w-full border-collapse text-left tabular-nums",
  "[&_td]:border-b [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-1 [&_td]:text-right dark:[&_td]:border-slate-800",
  "[&_th]:border-b [&_th]:px-2 [&_th]:py-1",
  "[&_thead_th]:border-slate-200 [&_thead_th]:font-medium [&_thead_th]:whitespace-nowrap dark:[&_thead_th]:border-slate-700",
  "[&_thead_th:not(:first-child)]:text-right",
  "[&_tbody_th]:border-slate-100 [&_tbody_th]:font-normal [&_tbody_th]:break-words dark:[&_tbody_th]:border-slate-800",
].join(" ");
