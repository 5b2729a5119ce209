"use server";

import { headers } from "next/headers";
import { clientIp } from "@/lib/auth/client-ip";
import { requestPasswordReset, resetPasswordWithToken } from "@/lib/auth/password-reset";
import { hitRateLimit } from "@/lib/rate-limit";
import { newPasswordFormSchema, resetRequestFormSchema } from "@/lib/validation/auth";

export type ResetActionResult = { ok: true; message: string } | { ok: false; error: string };

const RESET_SENT = "If an account exists for this email, we sent a link to reset the password.";

export async function requestResetAction(input: unknown): Promise<ResetActionResult> {
  const parsed = resetRequestFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to request password reset" };
  const email = parsed.data.email;
  const count = await hitRateLimit(`reset:email:${email}`, 60 * 60 * 1000);
  const ip = clientIp(await headers());
  const ipCount = ip ? await hitRateLimit(`reset:ip:${ip}`, 60 * 60 * 1000) : 0;
  if (count <= 5 && ipCount <= 50) await requestPasswordReset(email);
  return { ok: true, message: RESET_SENT };
}

export async function setNewPasswordAction(token: string, input: unknown): Promise<ResetActionResult> {
  const parsed = newPasswordFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to update password" };
  const done = await resetPasswordWithToken(token, parsed.data.password);
  if (!done) return { ok: false, error: "This reset link is invalid or has expired. Ask for a new one." };
  return { ok: true, message: "Your password has been updated. You can log in now." };
}
