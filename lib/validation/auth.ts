import { z } from "zod";
import { TOO_LONG_MESSAGE } from "@/lib/validation/issue-messages";
import { singleLineText } from "@/lib/validation/text";

// One schema per payload, shared by the forms and the route handlers. Messages are
// keys of the `validation` catalog, shown in the reader's language where they are shown.

const EMAIL_INVALID = "validation.emailInvalid";
const EMAIL_REQUIRED = "validation.emailRequired";
const PASSWORD_REQUIRED = "validation.passwordRequired";
export const PASSWORDS_DO_NOT_MATCH = "validation.passwordsDoNotMatch";
// Limits a form's input carries as maxLength, and the schema's message when a request goes past them.
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 1024;
export const PASSWORD_TOO_LONG = TOO_LONG_MESSAGE;

export const emailSchema = singleLineText()
  .trim()
  .toLowerCase()
  .pipe(z.email(EMAIL_INVALID).max(MAX_EMAIL_LENGTH, TOO_LONG_MESSAGE));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, PASSWORD_REQUIRED).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = "validation.passwordTooShort";
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

export const resetPasswordRequestSchema = z.object({ email: emailSchema });
export const updatePasswordSchema = z.object({
  password: newPasswordSchema,
  token: singleLineText().min(10).max(200).optional(),
});

// Account fields of the business wizard's step 2 (also the customer sign-up form), with its messages.
export const accountSchema = z
  .object({
    firstName: singleLineText().trim().min(1, "validation.firstNameRequired").max(MAX_NAME_LENGTH, TOO_LONG_MESSAGE),
    lastName: singleLineText().trim().min(1, "validation.lastNameRequired").max(MAX_NAME_LENGTH, TOO_LONG_MESSAGE),
    email: singleLineText()
      .trim()
      .min(1, EMAIL_REQUIRED)
      .pipe(z.email(EMAIL_INVALID).max(MAX_EMAIL_LENGTH, TOO_LONG_MESSAGE)),
    password: z
      .string()
      .min(1, PASSWORD_REQUIRED)
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
      .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
export type AccountInput = z.infer<typeof accountSchema>;

export const resetRequestFormSchema = z.object({
  email: singleLineText().trim().min(1, EMAIL_REQUIRED).pipe(emailSchema),
});
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

// Asking for an emailed sign-in link: `redirect` is where to go afterwards; one
// that is not a same-origin path (lib/auth/redirects.ts) is dropped, never followed.
export const emailLinkRequestSchema = z.object({
  email: emailSchema,
  redirect: singleLineText().max(2048).nullish(),
});
export const emailLinkFormSchema = z.object({
  email: singleLineText().trim().min(1, EMAIL_REQUIRED).pipe(emailSchema),
});
