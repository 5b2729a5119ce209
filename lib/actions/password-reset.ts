"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { clientIp } from "@/lib/auth/client-ip";
import { requestPasswordReset, resetPasswordWithToken } from "@/lib/auth/password-reset";
import { hitRateLimit } from "@/lib/rate-limit";
import { newPasswordFormSchema, resetRequestFormSchema } from "@/lib/validation/auth";

export type ResetActionResult = ActionResult<{ message: string }>;

/** A spent, expired or unknown link (the failure's `code`): the form offers to ask for a new one. */
const INVALID_LINK_CODE = "invalid_link";

// Messages are catalog keys: the form shows them with useMessageText (a success is not
// translated by the action builder, which translates failures only).
const RESET_SENT = "auth.reset.sent";

export const requestResetAction = action(
  { role: "public", args: [resetRequestFormSchema] },
  async ({ args: [{ email }] }): Promise<ResetActionResult> => {
    const count = await hitRateLimit(`reset:email:${email}`, 60 * 60 * 1000);
    const ip = clientIp(await headers());
    const ipCount = ip ? await hitRateLimit(`reset:ip:${ip}`, 60 * 60 * 1000) : 0;
    if (count <= 5 && ipCount <= 50) await requestPasswordReset(email);
    return { ok: true, message: RESET_SENT };
  },
);

// Any token that is not a string matches no stored token: it gets the expired-link answer below.
const resetTokenSchema = z.string().catch("");

export const setNewPasswordAction = action(
  { role: "public", args: [resetTokenSchema, newPasswordFormSchema] },
  async ({ args: [token, { password }] }): Promise<ResetActionResult> => {
    const done = await resetPasswordWithToken(token, password);
    if (!done) return failure("auth.reset.invalidLink", { code: INVALID_LINK_CODE });
    return { ok: true, message: "auth.reset.updated" };
  },
);
