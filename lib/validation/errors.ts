import type { z } from "zod";
import { message, type Message, type MessageKey, type MessageOrText, type MessageValues } from "@/lib/i18n/message";
import { issueValues } from "@/lib/validation/issue-messages";

// The one mapping from a zod error to messages a form or an API client shows
// (docs/input-handling.md, "Messages"): the first message of each field,
// keyed by its dotted path; issues about the input as a whole (no path) are
// keyed FORM_ERROR_KEY. Server actions, the JSON API, the program rules and the
// client forms' resolver all answer through it. No server-only import: client
// code reads it too.

export const FORM_ERROR_KEY = "form";

/**
 * Field path ("rules.tiers.0.name") → the first message for it: a Message where
 * it is made, text once the action builder or `localized` translated it.
 */
export type FieldErrors = Record<string, MessageOrText>;

/** A zod issue as a message: its text is a catalog key, its values come from the issue (issueValues). */
export function issueMessage(issue: z.core.$ZodIssue): Message {
  const values: MessageValues = issueValues(issue);
  return message(issue.message as MessageKey, values);
}

/** The first message of every field path of a zod error; issues without a path go under FORM_ERROR_KEY. */
export function fieldErrorsOf(error: z.ZodError): Record<string, Message> {
  const fieldErrors: Record<string, Message> = {};
  for (const issue of error.issues)
    fieldErrors[issue.path.map(String).join(".") || FORM_ERROR_KEY] ??= issueMessage(issue);
  return fieldErrors;
}

/** The first issue's message, or the fallback when zod gave none. */
export function firstIssue(error: z.ZodError, fallback: MessageKey): Message {
  const first = error.issues[0];
  return first ? issueMessage(first) : message(fallback);
}
