import { z } from "zod";
import { singleLineText } from "@/lib/validation/text";

// One schema per payload, shared by the forms and the route handlers.

export const emailSchema = singleLineText().trim().toLowerCase().pipe(z.email("Enter a valid email address").max(254));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const MIN_PASSWORD_LENGTH = 8;
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);

export const resetPasswordRequestSchema = z.object({ email: emailSchema });
export const updatePasswordSchema = z.object({
  password: newPasswordSchema,
  token: singleLineText().min(10).max(200).optional(),
});

// Account fields of the business wizard's step 2 (also the customer sign-up form), with its messages.
export const accountSchema = z
  .object({
    firstName: singleLineText().trim().min(1, "First name is required").max(100),
    lastName: singleLineText().trim().min(1, "Last name is required").max(100),
    email: singleLineText().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address").max(254)),
    password: z
      .string()
      .min(1, "Password is required")
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(1024),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type AccountInput = z.infer<typeof accountSchema>;

export const resetRequestFormSchema = z.object({
  email: singleLineText().trim().min(1, "Email is required").pipe(emailSchema),
});
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
