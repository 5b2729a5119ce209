import { z } from "zod";

import { safeRedirectPath } from "@/lib/auth/redirects";
import { isValidTimezone } from "@/lib/business/timezone";
import { DEFAULT_LOCALE, localeSchema } from "@/lib/i18n/locales";
import { slugSchema } from "@/lib/validation/params";
import { emailSchema, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from "@/lib/validation/auth";
import { TOO_LONG_MESSAGE } from "@/lib/validation/issue-messages";
import { phoneNumber } from "@/lib/validation/phone";
import { TAG_ID_PATTERN } from "@/lib/validation/tag-id";
import {
  HTTP_URL_MESSAGE,
  httpUrl,
  mailSafeName,
  multiLineText,
  optionalWebsiteUrl,
  singleLineText,
} from "@/lib/validation/text";
export { MIN_PASSWORD_LENGTH };
export const EMAIL_OR_PHONE_REQUIRED = "validation.emailOrPhoneRequired";
export const TIMEZONE_INVALID = "wizard.validation.timezone";

const optionalText = (max: number, text: typeof singleLineText = singleLineText) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** http(s) only: a `javascript:` or `data:` link is never stored. */
export const httpUrlSchema = httpUrl(HTTP_URL_MESSAGE);

// Stored in E.164 (lib/validation/phone.ts); "" means not given.
const phoneSchema = phoneNumber();

const metadataSchema = z
  .object({
    full_name: optionalText(200),
    first_name: optionalText(100),
    last_name: optionalText(100),
  })
  .partial()
  .default({});

export const tagIdSchema = singleLineText().trim().regex(TAG_ID_PATTERN, "validation.tagIdInvalid");

// Theme arrives as an object or as JSON text; colours are normalised by lib/business.
const themeSchema = z
  .union([multiLineText().max(4000), z.record(singleLineText().max(40), z.unknown())])
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value === "") return {};
    if (typeof value !== "string") return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    ctx.addIssue({ code: "custom", message: "validation.themeInvalid" });
    return z.NEVER;
  });

export const businessProfileSchema = z.object({
  logo_url: httpUrlSchema.nullish(),
  theme: themeSchema,
  social_media: z.record(singleLineText().trim().min(1).max(40), httpUrlSchema).nullish(),
  keywords: z.array(singleLineText().trim().min(1).max(60)).max(20).default([]),
  description: optionalText(2000, multiLineText),
  // "fornqa.cat" is stored as https://fornqa.cat.
  website: z
    .union([optionalWebsiteUrl(HTTP_URL_MESSAGE), z.null()])
    .optional()
    .transform((v) => v || null),
  phone: phoneNumber().nullish(),
  address: optionalText(300),
  place_id: optionalText(300),
  settings: z
    .object({
      notifications_enabled: z.boolean().default(true),
      language: localeSchema.default(DEFAULT_LOCALE),
      // Any zone the runtime knows (a browser's, or the one chosen in the wizard); anything else is refused.
      timezone: singleLineText().trim().max(64).refine(isValidTimezone, TIMEZONE_INVALID).optional(),
    })
    .partial()
    .default({}),
});

const businessNameSchema = z.object({
  name: mailSafeName().trim().min(1, "validation.businessNameRequired").max(120, TOO_LONG_MESSAGE),
});

/** The business part of a registration (also completed after a Google sign-up). */
export const businessRegistrationSchema = z
  .object({
    business: businessNameSchema,
    business_profile: businessProfileSchema.nullish(),
    tap_id: z
      .union([tagIdSchema, z.literal(""), z.null()])
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((value, ctx) => requireBusinessFields(value.business_profile, ctx));
export type BusinessRegistrationInput = z.infer<typeof businessRegistrationSchema>;

// The wizard's step-1 rules hold for any client of the API.
function requireBusinessFields(
  profile: z.infer<typeof businessProfileSchema> | null | undefined,
  ctx: z.RefinementCtx,
) {
  if (!profile?.keywords?.length)
    ctx.addIssue({
      code: "custom",
      message: "validation.keywordsRequired",
      path: ["business_profile", "keywords"],
    });
  if (!profile?.phone)
    ctx.addIssue({ code: "custom", message: "validation.phoneRequired", path: ["business_profile", "phone"] });
  if (!profile?.address)
    ctx.addIssue({ code: "custom", message: "validation.addressRequired", path: ["business_profile", "address"] });
}

/**
 * POST /api/auth/register — both payloads: the short one (email,
 * password, metadata, tap_id) and the full business registration.
 */
export const registerSchema = z
  .object({
    email: z.union([emailSchema, z.literal("")]).nullish(),
    phone: phoneSchema.nullish(),
    password: z.string().max(1024).nullish(),
    metadata: metadataSchema,
    tap_id: z
      .union([tagIdSchema, z.literal(""), z.null()])
      .optional()
      .transform((v) => v || null),
    business: businessNameSchema.nullish(),
    business_profile: businessProfileSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    if (!(value.email || value.phone) || !value.password) {
      ctx.addIssue({ code: "custom", message: EMAIL_OR_PHONE_REQUIRED, path: [] });
      return;
    }
    if (value.business) requireBusinessFields(value.business_profile, ctx);
    if (value.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: PASSWORD_TOO_SHORT,
        params: { min: MIN_PASSWORD_LENGTH },
        path: ["password"],
      });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export type RegistrationSearchParams = Promise<{
  tap_id?: string | string[];
  redirect?: string | string[];
  business?: string | string[];
  email?: string | string[];
}>;

/**
 * `tap_id`, `redirect`, `business` (the slug of the card a sign-up started on)
 * and `email` (the address a staff invitation was sent to, only ever a
 * pre-filled value the person may change) of a sign-up or wizard URL; anything
 * malformed is dropped.
 */
export function registrationQuery(params: {
  tap_id?: unknown;
  redirect?: unknown;
  business?: unknown;
  email?: unknown;
}) {
  return {
    tapId: tagIdSchema.safeParse(params.tap_id).data ?? null,
    redirect: safeRedirectPath(params.redirect),
    businessSlug: slugSchema.safeParse(params.business).data ?? null,
    email: emailSchema.safeParse(params.email).data ?? null,
  };
}
