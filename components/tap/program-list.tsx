import { format } from "date-fns";
import { ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { Card } from "@/components/ui/card";
import type { ProgramSummary } from "@/lib/db/tap-landing";
import type { ProgressDescription } from "@/lib/loyalty";
import { readableTextOn, type Theme } from "@/lib/business/theme";

// Dates read 'MMM DD, YYYY'. Stored dates are calendar days at UTC midnight.
function formatDay(iso: string): string {
  const date = new Date(iso);
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), "MMM dd, yyyy");
}

export function ProgramList({
  programs,
  progress,
  theme,
  emptyText,
}: {
  programs: ProgramSummary[];
  progress: Record<string, ProgressDescription>;
  theme: Theme;
  emptyText: string | null;
}) {
  return (
    <section aria-labelledby="active-programs" className="space-y-3">
      <h2 id="active-programs" className="text-lg font-semibold">
        Active Programs
      </h2>
      {programs.length === 0 ? (
        emptyText ? (
          <p className="text-slate-600 dark:text-slate-400">{emptyText}</p>
        ) : null
      ) : (
        <ul className="space-y-3">
          {programs.map((program) => {
            const mine = progress[program.id];
            return (
              <Card as="li" key={program.id} className="flex gap-3 rounded-xl p-4">
                <span
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full"
                  style={{ backgroundColor: theme.primaryColor, color: readableTextOn(theme.primaryColor) }}
                >
                  <ProgramTypeIcon type={program.type} size={22} />
                </span>
                <div className="min-w-0 space-y-1">
                  <h3 className="font-medium">{program.name}</h3>
                  {program.description ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">{program.description}</p>
                  ) : null}
                  {program.startDate || program.endDate ? (
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {program.startDate ? <span>Starts {formatDay(program.startDate)}</span> : null}
                      {program.startDate && program.endDate ? " · " : null}
                      {program.endDate ? <span>Ends {formatDay(program.endDate)}</span> : null}
                    </p>
                  ) : null}
                  {mine ? <p className="text-sm font-medium">{mine.label}</p> : null}
                </div>
              </Card>
            );
          })}
        </ul>
      )}
    </section>
  );
}
