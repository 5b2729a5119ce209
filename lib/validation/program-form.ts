// The rules module directly (not the engine index): this file ships to the browser with the form.
import { defaultRules, givesRewards, parseProgramRules, type ProgramType } from "@/lib/loyalty/rules";
import { parseLocalDate } from "@/lib/loyalty/dates";
import type { ProgramInput, ProgramRulesInput } from "@/lib/validation/programs";

// A program between its form and its row: the form's values (the input of
// programInputSchema: "" means "not set", dates are YYYY-MM-DD, the win chance
// is a percentage) and what a Program row stores (null, UTC-midnight dates,
// a 0..1 chance). Pure; lib/db/programs.ts writes and reads the rows.

/** What a Program row stores for a parsed input. */
export type ProgramData = {
  type: ProgramType;
  name: string;
  description: string | null;
  startDate: Date | null;
  endDate: Date | null;
  rules: Record<string, unknown>;
  rewardName: string;
  rewardDescription: string | null;
  rewardExpiryDays: number | null;
  cooldownHours: number | null;
};

/** The columns of a stored program the edit form starts from. */
export type StoredProgramFields = {
  businessId: string;
  type: string;
  name: string;
  description: string | null;
  startDate: Date | null;
  endDate: Date | null;
  rules: unknown;
  rewardName: string;
  rewardDescription: string | null;
  rewardExpiryDays: number | null;
  cooldownHours?: number | null;
  /** Where it runs (docs/locations.md): everywhere, or only at the listed locations. */
  allLocations?: boolean;
  locations?: { locationId: string }[];
};

/** A calendar day as stored in date columns: UTC midnight (lib/loyalty/dates). */
export function utcMidnight(day: string | null | undefined): Date | null {
  return day && parseLocalDate(day) ? new Date(`${day}T00:00:00.000Z`) : null;
}

/** The YYYY-MM-DD an `<input type="date">` shows for a stored date. */
export function dateInputValue(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : "";
}

/** Row data for an input that passed programInputSchema: the type's rules with
 * every default filled in and other types' fields dropped. */
export function toProgramData(input: ProgramInput): ProgramData {
  const rules = parseProgramRules(input.type, input.rules);
  if (!rules.ok) throw new Error("toProgramData needs an input that passed programInputSchema");
  return {
    type: input.type,
    name: input.name,
    description: input.description || null,
    startDate: utcMidnight(input.startDate),
    endDate: utcMidnight(input.endDate),
    rules: rules.rules as Record<string, unknown>,
    // A type that never gives rewards keeps no reward: whatever the form held is dropped.
    ...(givesRewards(input.type)
      ? {
          rewardName: input.rewardName,
          rewardDescription: input.rewardDescription || null,
          rewardExpiryDays: input.rewardExpiryDays ?? null,
        }
      : { rewardName: "", rewardDescription: null, rewardExpiryDays: null }),
    cooldownHours: input.cooldownHours ?? null,
  };
}

/** The edit form's starting values. Stored rules that no longer validate are
 * shown as stored (over the defaults) so the form points at what to fix. */
export function programFormValues(program: StoredProgramFields): ProgramInput {
  const parsed = parseProgramRules(program.type, program.rules);
  const stored =
    typeof program.rules === "object" && program.rules !== null && !Array.isArray(program.rules) ? program.rules : {};
  const rules = (parsed.ok ? parsed.rules : { ...defaultRules(program.type), ...stored }) as ProgramRulesInput;
  return {
    businessId: program.businessId,
    type: program.type as ProgramInput["type"],
    name: program.name,
    description: program.description ?? "",
    startDate: dateInputValue(program.startDate),
    endDate: dateInputValue(program.endDate),
    rules,
    rewardName: program.rewardName,
    rewardDescription: program.rewardDescription ?? "",
    rewardExpiryDays: program.rewardExpiryDays,
    cooldownHours: program.cooldownHours ?? null,
    // Only a program limited to some locations says where: one that runs everywhere leaves both out.
    ...(program.allLocations === false
      ? { allLocations: false, locationIds: (program.locations ?? []).map((l) => l.locationId) }
      : {}),
  };
}

/** The form's percentage input → the stored 0..1 chance (NaN stays NaN so the schema reports it). */
export function percentToChance(percent: number): number {
  return Math.round(percent * 10_000) / 1_000_000;
}

/** A stored 0..1 chance → the percentage the form shows (12.5, not 12.500000000000002). */
export function chanceToPercent(chance: number | undefined): number {
  return typeof chance === "number" ? Math.round(chance * 1_000_000) / 10_000 : Number.NaN;
}
