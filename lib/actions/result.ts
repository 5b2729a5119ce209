import type { z } from "zod";

// What every server action answers (docs/input-handling.md, "Server actions").
// Success spreads its data beside `ok: true` so a caller reads `result.id`;
// a failure carries one message for the form, and, when the input failed its
// schema, the first message of each field keyed by its dotted path. Issues
// about the input as a whole (no path) are keyed FORM_ERROR_KEY.
// This module has no server-only import: client components read its types.

export const FORM_ERROR_KEY = "form";

/** Field path ("rules.tiers.0.name") → the first message for it. */
export type FieldErrors = Record<string, string>;

export type ActionFailure<Code extends string = string> = { ok: false; error: string; fieldErrors?: FieldErrors; code?: Code };

export type ActionResult<Data extends object = object, Code extends string = string> = ({ ok: true } & Data) | ActionFailure<Code>;

export function failure<Code extends string = string>(error: string, more: { fieldErrors?: FieldErrors; code?: Code } = {}): ActionFailure<Code> {
  return { ok: false, error, ...more };
}

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

/** A form's answer to input that failed its schema: the first message, and every field's. */
export function invalidForm(error: z.ZodError, fallback = "Please check the form"): ActionFailure {
  return failure(firstIssue(error, fallback), { fieldErrors: fieldErrorsOf(error) });
}
