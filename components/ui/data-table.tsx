import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The padding and alignment of every cell of a DataTable (its row headers included). */
export const tableCell = "px-3 py-2 text-left align-top";

/**
 * A titled list shown as a table: its heading, and a sentence instead of the
 * table when there is nothing to list.
 */
export function TableSection({
  id,
  heading,
  empty,
  children,
}: {
  id: string;
  heading: ReactNode;
  /** What is said when there are no rows; null when there are. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {empty === null ? children : <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>}
    </section>
  );
}

/**
 * Rows under column headings (scope="col"), in a box that scrolls sideways on
 * a narrow phone rather than the page. Each row's first cell is best a
 * `<th scope="row" className={tableCell}>`.
 */
export function DataTable({
  columns,
  children,
  className,
  testId,
}: {
  columns: readonly ReactNode[];
  children: ReactNode;
  /** On the table, e.g. a min-width below which the box scrolls. */
  className?: string;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className={cn("w-full text-sm", className)} data-testid={testId}>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={tableCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">{children}</tbody>
      </table>
    </div>
  );
}
