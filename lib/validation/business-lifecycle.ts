import { z } from "zod";
import { MAX_BUSINESS_NAME_LENGTH } from "@/lib/validation/business-registration";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { reauthenticationSchema } from "@/lib/validation/settings";
import { singleLineText } from "@/lib/validation/text";

// The owner's "Closed for the season" and "Delete this business" forms
// (docs/business-lifecycle.md), shared by the forms and the server actions.
// Whether a reopening day is after today depends on the business's zone: the
// domain checks that (lib/business/pause-business.ts) once it has the row.

export const DATE_REQUIRED_MESSAGE = "lifecycle.pause.errors.dateRequired";
export const DATE_TOO_SOON_MESSAGE = "lifecycle.pause.errors.dateTooSoon";
export const DATE_TOO_FAR_MESSAGE = "lifecycle.pause.errors.dateTooFar";
export const NOT_PAUSED_MESSAGE = "lifecycle.pause.errors.notPaused";
export const NAME_MISMATCH_MESSAGE = "lifecycle.delete.nameMismatch";

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day written YYYY-MM-DD (not 2027-02-30). */
function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Close for the season: until a reopening day, or (`until` "") until the owner reopens. */
export const pauseBusinessSchema = z
  .object({
    businessId: businessIdSchema,
    mode: z.enum(["date", "reopen"], DATE_REQUIRED_MESSAGE),
    until: z.string().max(10, DATE_REQUIRED_MESSAGE).optional(),
  })
  .superRefine((value, context) => {
    if (value.mode === "date" && !(value.until && isCalendarDay(value.until)))
      context.addIssue({ code: "custom", path: ["until"], message: DATE_REQUIRED_MESSAGE });
  })
  .transform(({ businessId, mode, until }) => ({ businessId, until: mode === "date" ? until! : null }));

export type PauseBusinessInput = z.input<typeof pauseBusinessSchema>;

export const reopenBusinessSchema = z.object({ businessId: businessIdSchema });

/**
 * Delete the business: its name typed as confirmation (compared with the
 * stored name in the deletion's own transaction), and the re-authentication
 * every dangerous action carries (docs/authentication.md).
 */
export const deleteBusinessSchema = reauthenticationSchema.extend({
  businessId: businessIdSchema,
  name: singleLineText({ error: NAME_MISMATCH_MESSAGE })
    .trim()
    .min(1, NAME_MISMATCH_MESSAGE)
    .max(MAX_BUSINESS_NAME_LENGTH, NAME_MISMATCH_MESSAGE),
});

export type DeleteBusinessInput = z.input<typeof deleteBusinessSchema>;

/** The typed confirmation and the stored name match: the same text once spaces are tidied and both are NFC. */
export function confirmsName(typed: string, stored: string): boolean {
  const tidy = (value: string) => value.normalize("NFC").trim().replace(/\s+/g, " ");
  return tidy(typed) === tidy(stored);
}
