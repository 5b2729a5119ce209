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

/** A customer with no birthday on file, where a birthday program runs: the one place the question earns its keep. */
export function asksBirthday(customer: { birthday: Date | null }, programs: { type: string }[]): boolean {
  return customer.birthday === null && programs.some((p) => p.type === "birthday");
}
