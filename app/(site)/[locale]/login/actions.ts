"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { signIn } from "@/lib/auth";
import { clientIp } from "@/lib/auth/client-ip";
import { loginWithPassword } from "@/lib/auth/login";
import { GUEST_MERGE_FAILED, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import { loginFailureKey } from "@/lib/auth/failure-messages";
import { loginSchema } from "@/lib/validation/auth";

export type LoginActionResult = ActionResult<{ redirectTo: string }>;

/** Where to go after signing in: a same-origin path, else the dashboard (docs/input-handling.md). */
const redirectTargetSchema = z.unknown().transform((value) => safeRedirectPath(value) ?? "/dashboard");

export const loginAction = action(
  { role: "public", args: [loginSchema, redirectTargetSchema] },
  async ({ args: [credentials, redirectTo] }): Promise<LoginActionResult> => {
    const requestHeaders = await headers();
    const result = await loginWithPassword(credentials, clientIp(requestHeaders));
    if (!result.ok) return failure(loginFailureKey(result));
    // A guest card started on this device becomes the account's before its cookie replaces the guest's.
    if (!(await mergeGuestBeforeSignIn(requestHeaders, result.user.id))) return failure(GUEST_MERGE_FAILED);
    // The session and the person's own language, which the pages use from now on.
    await setSignInCookies(await cookies(), result.user);
    return { ok: true, redirectTo };
  },
);

/** Google sign-in; the provider returns through /auth/callback, which finishes any pending registration. */
export const googleSignInAction = action(
  { role: "public", args: [redirectTargetSchema] },
  async ({ args: [target] }): Promise<void> => {
    await signIn("google", { redirectTo: `/auth/callback?redirect=${encodeURIComponent(target)}` });
  },
);
