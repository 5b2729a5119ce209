import type { ProgramSummary } from "@/lib/db/tap-landing";
import { isProgramInDate } from "@/lib/loyalty";

/** Programs running on the business's calendar day. */
export function programsRunningOn(programs: ProgramSummary[], localDate: string): ProgramSummary[] {
  return programs.filter((p) =>
    isProgramInDate(
      { startDate: p.startDate ? new Date(p.startDate) : null, endDate: p.endDate ? new Date(p.endDate) : null },
      localDate,
    ),
  );
}
