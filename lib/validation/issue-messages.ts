import { z } from "zod";
import { messageKey } from "@/lib/i18n/message-key";

// Every message a zod issue carries is a catalog key, optionally with ICU
// values (docs/input-handling.md, "Messages"): "validation.tooLong?max=100".
// Schemas name their messages with the helpers below (the contract, which a
// test walks); `catalogIssueMessage` is the safety net zod falls back to for
// any check that names none, so zod's English ("Too big: expected string to
// have <=100 characters") never reaches a reader. No server-only import: the
// forms run the same schemas in the browser.

export const REQUIRED_MESSAGE = "validation.required";
export const INVALID_VALUE_MESSAGE = "validation.invalidValue";
export const INVALID_FORMAT_MESSAGE = "validation.invalidFormat";
export const INVALID_OPTION_MESSAGE = "validation.invalidOption";
export const WHOLE_NUMBER_MESSAGE = "validation.wholeNumber";
export const NUMBER_MESSAGE = "validation.number";

/** "Use at most {max} characters". */
export function tooLong(max: number): string {
  return messageKey("validation.tooLong", { max });
}

/** "Use at least {min} characters". */
export function tooShort(min: number): string {
  return messageKey("validation.tooShort", { min });
}

/** "Choose at most {max}" (a list). */
export function tooMany(max: number): string {
  return messageKey("validation.tooMany", { max });
}

/** "Choose at least {min}" (a list). */
export function tooFew(min: number): string {
  return messageKey("validation.tooFew", { min });
}

/** "Enter a number from {min} to {max}". */
export function numberBetween(min: number, max: number): string {
  return messageKey("validation.numberBetween", { min, max });
}

/** "Enter a number of at most {max}". */
export function numberAtMost(max: number): string {
  return messageKey("validation.numberAtMost", { max });
}

/** "Enter a number of at least {min}". */
export function numberAtLeast(min: number): string {
  return messageKey("validation.numberAtLeast", { min });
}

type Bound = number | bigint | Date;

function boundValue(bound: Bound, inclusive: boolean | undefined, step: 1 | -1): number | null {
  if (bound instanceof Date) return null;
  const value = Number(bound);
  // An exclusive bound on an integer is the next integer; on other numbers it is kept.
  return inclusive === false && Number.isInteger(value) ? value + step : value;
}

/** The catalog key (with values) for a zod issue whose check named no message. */
export function catalogIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "too_big": {
      const max = boundValue(issue.maximum as Bound, issue.inclusive, -1);
      if (max === null) return INVALID_VALUE_MESSAGE;
      if (issue.origin === "string") return tooLong(max);
      if (issue.origin === "array" || issue.origin === "set") return tooMany(max);
      return numberAtMost(max);
    }
    case "too_small": {
      const min = boundValue(issue.minimum as Bound, issue.inclusive, 1);
      if (min === null) return INVALID_VALUE_MESSAGE;
      if (issue.origin === "string") return min <= 1 ? REQUIRED_MESSAGE : tooShort(min);
      if (issue.origin === "array" || issue.origin === "set") return tooFew(min);
      return numberAtLeast(min);
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

/** Makes catalogIssueMessage zod's fallback (for every schema, on the server and in the browser). */
export function installCatalogIssueMessages(): void {
  z.config({ customError: catalogIssueMessage });
}

installCatalogIssueMessages();
