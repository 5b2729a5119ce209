import type { z } from "zod";

// The one mapping from a zod error to messages a form or an API client shows
// (docs/input-handling.md, "Server actions"): the first message of each field,
// keyed by its dotted path; issues about the input as a whole (no path) are
// keyed FORM_ERROR_KEY. Server actions, the JSON API and the program rules
// all answer through it. No server-only import: client code reads it too.

export const FORM_ERROR_KEY = "form";

/** Field path ("rules.tiers.0.name") → the first message for it. */
export type FieldErrors = Record<string, string>;

/** The first message of every field path of a zod error; issues without a path go under FORM_ERROR_KEY. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) fieldErrors[issue.path.map(String).join(".") || FORM_ERROR_KEY] ??= issue.message;
  return fieldErrors;
}

/** The first issue's message, or the fallback when zod gave none. */
export function firstIssue(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
