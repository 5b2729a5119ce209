import { z } from "zod";
import { firstStepWithError, WIZARD_STEPS, type BusinessWizardInput } from "@/lib/validation/business-registration";

// The registration wizard's place in the browser (docs/owner-tools.md): its
// step is in the URL (`?step=2`, 1-based), what was typed waits in session
// storage (this tab only, never the password), and a finished wizard leaves a
// mark there so that Back into it leads to the dashboard instead of an empty form.

/** Session storage: the fields typed so far, with the tag they are for. */
export const WIZARD_DRAFT_KEY = "loyaltap-business-wizard";
/** Session storage: where a finished wizard sent its owner (Back into the wizard goes there again). */
export const WIZARD_DONE_KEY = "loyaltap-business-wizard-done";
export const STEP_PARAM = "step";

const LAST_STEP = WIZARD_STEPS.length - 1;

/** The 0-based step a `?step=` value names, or null when there is none or it is not a step. */
export function stepFromQuery(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]$/.test(value)) return null;
  const step = Number(value) - 1;
  return step <= LAST_STEP ? step : null;
}

/** The same query with `step` set to the 0-based `step` (other parameters, like `tap_id`, stay). */
export function withStep(search: string, step: number): string {
  const params = new URLSearchParams(search);
  params.set(STEP_PARAM, String(step + 1));
  return `?${params.toString()}`;
}

// Everything a draft may hold: never the password or its confirmation.
const DRAFT_FIELDS = [
  "businessName",
  "keywords",
  "description",
  "website",
  "phone",
  "address",
  "placeId",
  "language",
  "timezone",
] as const;
const ACCOUNT_DRAFT_FIELDS = ["firstName", "lastName", "email"] as const;

type DraftValues = Partial<Omit<BusinessWizardInput, "password" | "confirmPassword">>;

const draftSchema = z.object({
  tapId: z.string().nullable(),
  values: z
    .object({
      businessName: z.string(),
      keywords: z.array(z.string()),
      description: z.string(),
      website: z.string(),
      phone: z.string(),
      address: z.string(),
      placeId: z.string().nullable(),
      language: z.string(),
      timezone: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
    })
    .partial(),
});

/**
 * The draft kept for a reload: the business fields, and the account's names and
 * email when the visitor types them (a signed-in owner's are their account's).
 */
export function toDraft(values: Partial<BusinessWizardInput>, tapId: string | null, signedIn: boolean): string {
  const fields = signedIn ? DRAFT_FIELDS : [...DRAFT_FIELDS, ...ACCOUNT_DRAFT_FIELDS];
  const kept: Record<string, unknown> = {};
  for (const field of fields) if (values[field] !== undefined) kept[field] = values[field];
  return JSON.stringify({ tapId, values: kept });
}

/** The draft's values when it was made for this tag (or for none, like this wizard); else null. */
export function fromDraft(raw: string | null, tapId: string | null, signedIn: boolean): DraftValues | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const draft = draftSchema.safeParse(parsed);
  if (!draft.success || draft.data.tapId !== tapId) return null;
  const values: Record<string, unknown> = { ...draft.data.values };
  if (signedIn) for (const field of ACCOUNT_DRAFT_FIELDS) delete values[field];
  return values as DraftValues;
}

/**
 * The step a reload may show: the one asked for, unless an earlier step is not
 * complete (after a reload the password is gone, so the visitor's confirm step
 * goes back to the account step).
 */
export function reachableStep(requested: number, invalidFields: readonly string[]): number {
  const firstInvalid = firstStepWithError(invalidFields);
  return firstInvalid === null ? requested : Math.min(requested, firstInvalid);
}
