import { z } from "zod";
import type { MessageValues } from "@/lib/i18n/message";

// Every message a zod issue carries is a catalog key (docs/input-handling.md,
// "Messages"): "validation.tooLong". Its values come from the issue itself when
// it becomes a message (issueValues, lib/validation/errors.ts): a bound check's
// own `maximum`/`minimum` as {max}/{min}, and a refinement's `params`. Schemas
// name their messages with the constants below (the contract, which a test
// walks); `catalogIssueMessage` is the safety net zod falls back to for any
// check that names none, so zod's English ("Too big: expected string to have
// <=100 characters") never reaches a reader. No server-only import: the forms
// run the same schemas in the browser.

export const REQUIRED_MESSAGE = "validation.required";
export const INVALID_VALUE_MESSAGE = "validation.invalidValue";
export const INVALID_FORMAT_MESSAGE = "validation.invalidFormat";
export const INVALID_OPTION_MESSAGE = "validation.invalidOption";
export const WHOLE_NUMBER_MESSAGE = "validation.wholeNumber";
export const NUMBER_MESSAGE = "validation.number";
/** "Use at most {max} characters" (a string's `.max`). */
export const TOO_LONG_MESSAGE = "validation.tooLong";
/** "Use at least {min} characters" (a string's `.min`). */
export const TOO_SHORT_MESSAGE = "validation.tooShort";
/** "Choose at most {max}" (a list's `.max`). */
export const TOO_MANY_MESSAGE = "validation.tooMany";
/** "Choose at least {min}" (a list's `.min`). */
export const TOO_FEW_MESSAGE = "validation.tooFew";
/** "Enter a number of at most {max}". */
export const NUMBER_AT_MOST_MESSAGE = "validation.numberAtMost";
/** "Enter a number of at least {min}". */
export const NUMBER_AT_LEAST_MESSAGE = "validation.numberAtLeast";

type Bound = number | bigint | Date;

function boundValue(bound: Bound, inclusive: boolean | undefined, step: 1 | -1): number | null {
  if (bound instanceof Date) return null;
  const value = Number(bound);
  // An exclusive bound on an integer is the next integer; on other numbers it is kept.
  return inclusive === false && Number.isInteger(value) ? value + step : value;
}

/**
 * The values of an issue's message: {max} of a too_big issue, {min} of a
 * too_small one (an exclusive bound on a whole number as the inclusive one),
 * and whatever a refinement put in its `params` (`{ message, params: { max } }`).
 */
export function issueValues(issue: z.core.$ZodIssue | z.core.$ZodRawIssue): MessageValues {
  const values: MessageValues = {};
  if (issue.code === "too_big") {
    const max = boundValue(issue.maximum as Bound, issue.inclusive, -1);
    if (max !== null) values.max = max;
  }
  if (issue.code === "too_small") {
    const min = boundValue(issue.minimum as Bound, issue.inclusive, 1);
    if (min !== null) values.min = min;
  }
  if (issue.code === "custom" && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === "string" || typeof value === "number") values[name] = value;
    }
  }
  return values;
}

/** The catalog key for a zod issue whose check named no message (its values: issueValues). */
export function catalogIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "too_big": {
      if (issueValues(issue).max === undefined) return INVALID_VALUE_MESSAGE;
      if (issue.origin === "string") return TOO_LONG_MESSAGE;
      if (issue.origin === "array" || issue.origin === "set") return TOO_MANY_MESSAGE;
      return NUMBER_AT_MOST_MESSAGE;
    }
    case "too_small": {
      const { min } = issueValues(issue);
      if (min === undefined) return INVALID_VALUE_MESSAGE;
      if (issue.origin === "string") return Number(min) <= 1 ? REQUIRED_MESSAGE : TOO_SHORT_MESSAGE;
      if (issue.origin === "array" || issue.origin === "set") return TOO_FEW_MESSAGE;
      return NUMBER_AT_LEAST_MESSAGE;
    }
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return REQUIRED_MESSAGE;
      if (issue.expected === "int") return WHOLE_NUMBER_MESSAGE;
      if (issue.expected === "number") return NUMBER_MESSAGE;
      return INVALID_VALUE_MESSAGE;
    case "invalid_format":
      return issue.format === "email" ? "validation.emailInvalid" : INVALID_FORMAT_MESSAGE;
    case "invalid_value":
      return INVALID_OPTION_MESSAGE;
    case "not_multiple_of":
      return WHOLE_NUMBER_MESSAGE;
    default:
      return INVALID_VALUE_MESSAGE;
  }
}

/**
 * A whole number from `min` to `max` whose every refusal (not a number, not
 * whole, out of range) says `key` with {min} and {max}.
 */
export function wholeNumberIn(min: number, max: number, key: string) {
  return z.custom<number>((value) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max, {
    message: key,
    params: { min, max },
  });
}

/** Makes catalogIssueMessage zod's fallback (for every schema, on the server and in the browser). */
export function installCatalogIssueMessages(): void {
  z.config({ customError: catalogIssueMessage });
}

installCatalogIssueMessages();
