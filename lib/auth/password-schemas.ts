import { z } from "zod";
import {
  MAX_PASSWORD_LENGTH,
  newPasswordFormSchema,
  newPasswordSchema,
  PASSWORD_TOO_LONG,
  PASSWORDS_DO_NOT_MATCH,
} from "@/lib/validation/auth";

// Payloads of a password change. A signed-in change needs the current
// password; a reset link (token) is the other way in.

/** POST /api/auth/update-password: {password, token} or, signed in, {password, current_password}. */
export const updatePasswordRequestSchema = z.object({
  password: newPasswordSchema,
  token: z.string().min(10).max(200).optional(),
  current_password: z.string().max(1024).optional(),
});

/** The settings form: current password, new password twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

export { newPasswordFormSchema };
