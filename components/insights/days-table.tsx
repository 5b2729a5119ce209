import { DataDisclosure, tableClass } from "@/components/insights/chart-figure";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/**
 * The numbers of every daily chart in one table, a row a day: the charts above
 * it share their days, so the days are written once (a year is 365 rows)
 * rather than once per chart.
 */
export function DaysTable({
  id,
  heading,
  hint,
  showData,
  dayHeader,
  days,
  dayLabel,
  columns,
  formatNumber,
}: {
  id: string;
  heading: string;
  hint: string;
  showData: string;
  dayHeader: string;
  days: readonly string[];
  /** A day as the table writes it. */
  dayLabel: (day: string) => string;
  columns: readonly { label: string; values: readonly number[] }[];
  formatNumber: (value: number) => string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>
      <Card className="p-3">
        <DataDisclosure id={id} showData={showData}>
          {/* A day on one line: the table scrolls sideways on a phone rather than a row taking three. */}
          <table className={cn(tableClass, "[&_tbody_th]:whitespace-nowrap")}>
            <thead>
              <tr>
                <th scope="col">{dayHeader}</th>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{dayLabel(day)}</th>
                  {columns.map((column, k) => (
                    <td key={k}>{formatNumber(column.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </DataDisclosure>
      </Card>
    </section>
  );
}
