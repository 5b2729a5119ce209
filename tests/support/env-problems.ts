import { EnvError, parseEnv } from "@/lib/env-check";

/** The problems the start-up check finds in `source` (none: an empty list). */
export function envProblems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}
