import type { z } from "zod";
import type { MessageKey, MessageOrText } from "@/lib/i18n/message";
import { fieldErrorsOf, firstIssue, type FieldErrors } from "@/lib/validation/errors";

// What every server action answers (docs/input-handling.md, "Server actions").
// Success spreads its data beside `ok: true` so a caller reads `result.id`;
// a failure carries one message for the form, and, when the input failed its
// schema, the first message of each field keyed by its dotted path
// (fieldErrorsOf, lib/validation/errors.ts).
// This module has no server-only import: client components read its types.

// Messages are descriptors (lib/i18n/message.ts) or plain catalog keys: the
// action builder sends them as text in the caller's language ("Please log in
// again." in English), so a client reads `error` as a string.

/** The answer to a caller without a valid session: every refusal of a signed-out caller says it. */
export const SIGNED_OUT_MESSAGE = "errors.signedOut";
export const NOT_ALLOWED_MESSAGE = "errors.notAllowed";
/** A guest card asked for what needs an account (docs/authentication.md, "Guests"). */
export const GUEST_REFUSED_MESSAGE = "errors.keepCardFirst";
/** A form's answer when its schema gave no message of its own. */
export const CHECK_FORM_MESSAGE = "errors.checkForm";

export type ActionFailure<Code extends string = string> = {
  ok: false;
  error: MessageOrText;
  fieldErrors?: FieldErrors;
  code?: Code;
};

export type ActionResult<Data extends object = object, Code extends string = string> =
  ({ ok: true } & Data) | ActionFailure<Code>;

export function failure<Code extends string = string>(
  error: MessageOrText,
  more: { fieldErrors?: FieldErrors; code?: Code } = {},
): ActionFailure<Code> {
  return { ok: false, error, ...more };
}

/** A form's answer to input that failed its schema: the first message, and every field's. */
export function invalidForm(error: z.ZodError, fallback: MessageKey = CHECK_FORM_MESSAGE): ActionFailure {
  return failure(firstIssue(error, fallback), { fieldErrors: fieldErrorsOf(error) });
}
