import { z } from "zod";
import { isCategoryLabel } from "@/lib/business/categories";
import { isValidTimezone } from "@/lib/business/timezone";
import { LOCALES } from "@/lib/i18n/locales";
import { accountSchema, PASSWORDS_DO_NOT_MATCH } from "@/lib/validation/auth";
import { TOO_LONG_MESSAGE } from "@/lib/validation/issue-messages";
import { phoneNumber } from "@/lib/validation/phone";
import { TIMEZONE_INVALID } from "@/lib/validation/registration";
import {
  HTTP_URL_MESSAGE,
  mailSafeName,
  multiLineText,
  optionalWebsiteUrl,
  singleLineText,
} from "@/lib/validation/text";

// The business registration wizard's form: one
// schema for all three steps, validated a step at a time through the field
// lists below. Its messages are catalog keys (validation.*, wizard.validation.*). The server checks the payload built from it with registerSchema.

// Limits the wizard's inputs carry as maxLength (the description's is MAX_DESCRIPTION_LENGTH).
export const MAX_BUSINESS_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_ADDRESS_LENGTH = 300;

const businessFields = {
  businessName: mailSafeName()
    .trim()
    .min(1, "validation.businessNameRequired")
    .max(MAX_BUSINESS_NAME_LENGTH, TOO_LONG_MESSAGE),
  keywords: z
    .array(singleLineText().refine(isCategoryLabel, "wizard.validation.keywordsFromList"))
    .min(1, "validation.keywordsRequired")
    .max(20, "wizard.validation.keywordsMax"),
  description: multiLineText().trim().max(MAX_DESCRIPTION_LENGTH, "wizard.validation.descriptionTooLong"),
  website: optionalWebsiteUrl(HTTP_URL_MESSAGE),
  phone: phoneNumber("validation.phoneRequired"),
  address: singleLineText().trim().min(1, "validation.addressRequired").max(MAX_ADDRESS_LENGTH, TOO_LONG_MESSAGE),
  placeId: singleLineText().max(300, TOO_LONG_MESSAGE).nullable(),
};

// Chosen on the confirm step: the language the business's pages speak, and the zone its days start in.
export const LANGUAGE_INVALID = "wizard.validation.language";
const settingsFields = {
  language: z.enum(LOCALES, LANGUAGE_INVALID),
  timezone: singleLineText().trim().refine(isValidTimezone, TIMEZONE_INVALID),
};

const { password, confirmPassword } = accountSchema.shape;
const passwordPair = z.object({ password, confirmPassword });

export const businessWizardSchema = z
  .object({ ...businessFields, ...settingsFields, ...accountSchema.shape })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
    // Shown as soon as both password fields are filled in, even while other fields still have errors.
    when: (payload) => passwordPair.safeParse(payload.value).success,
  });
export type BusinessWizardInput = z.input<typeof businessWizardSchema>;

/** A signed-in user adds a business to their account: the account fields are theirs already. */
export const signedInWizardSchema = z.object({
  ...businessFields,
  ...settingsFields,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
});
export type BusinessWizardValues = z.output<typeof businessWizardSchema>;
type FieldName = keyof BusinessWizardInput;

// `id` names the step's label and title in the `wizard.steps` catalog.
export const WIZARD_STEPS = [
  { id: "business", fields: ["businessName", "keywords", "description", "website", "phone", "address"] },
  { id: "account", fields: ["firstName", "lastName", "email", "password", "confirmPassword"] },
  { id: "confirm", fields: ["language", "timezone"] },
] as const satisfies readonly { id: string; fields: readonly FieldName[] }[];

export const emptyWizardValues: BusinessWizardInput = {
  businessName: "",
  keywords: [],
  description: "",
  website: "",
  phone: "",
  address: "",
  placeId: null,
  // The wizard sets both when it opens: the page's language and the browser's zone.
  language: "en",
  timezone: "",
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
};

/** Theme every new business starts with, sent as JSON text. */
export const DEFAULT_THEME = {
  primaryColor: "#4F46E5",
  secondaryColor: "#7C3AED",
  textColor: "#FFFFFF",
  backgroundColor: "#FFFFFF",
  accentColor: "#4F46E5",
} as const;

type BusinessPart = Pick<
  BusinessWizardInput,
  "businessName" | "keywords" | "description" | "website" | "phone" | "address" | "placeId" | "language" | "timezone"
>;

/**
 * The business half of the registration payload. It is also what waits in
 * local storage during a Google sign-up, so it never holds the password.
 */
export function toBusinessRegistration(values: BusinessPart, tapId: string | null) {
  return {
    business: { name: values.businessName.trim() },
    tap_id: tapId,
    business_profile: {
      logo_url: null,
      theme: JSON.stringify(DEFAULT_THEME),
      social_media: {},
      keywords: [...values.keywords],
      description: values.description.trim() || null,
      website: values.website.trim() || null,
      phone: values.phone.trim(),
      address: values.address.trim(),
      place_id: values.placeId || null,
      settings: { notifications_enabled: true, language: values.language, timezone: values.timezone.trim() },
    },
  };
}

/** The full registration payload for POST /api/auth/register (docs/input-handling.md). */
export function toRegistrationPayload(values: BusinessWizardInput, tapId: string | null) {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    email: values.email.trim(),
    password: values.password,
    metadata: { full_name: `${firstName} ${lastName}`, first_name: firstName, last_name: lastName },
    ...toBusinessRegistration(values, tapId),
  };
}

/** The first step (0-based) holding one of the given invalid fields, or null. */
export function firstStepWithError(fields: readonly string[]): number | null {
  const index = WIZARD_STEPS.findIndex((step) => step.fields.some((f: string) => fields.includes(f)));
  return index === -1 ? null : index;
}
