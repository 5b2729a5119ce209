"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { signIn } from "@/lib/auth";
import { clientIp } from "@/lib/auth/client-ip";
import { loginWithPassword } from "@/lib/auth/login";
import { GUEST_MERGE_FAILED, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { completePasskeySignIn, passkeySignInOptions, verifyPasskeyAssertion } from "@/lib/auth/passkeys";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import { loginFailureKey } from "@/lib/auth/failure-messages";
import { requestNow } from "@/lib/clock";
import { loginSchema } from "@/lib/validation/auth";
import { authenticationResponseSchema } from "@/lib/validation/passkeys";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";

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

export type PasskeyOptionsResult = ActionResult<{ options: PublicKeyCredentialRequestOptionsJSON }>;

/**
 * "Use a passkey" and the email field's autofill: the options of one sign-in
 * ceremony, whose challenge this browser keeps in a signed httpOnly cookie
 * (docs/authentication.md, "Passkeys").
 */
export const passkeySignInOptionsAction = action(
  { role: "public", args: [] },
  async (): Promise<PasskeyOptionsResult> => {
    const options = await passkeySignInOptions(await cookies(), requestNow(await headers()));
    return { ok: true, options };
  },
);

/**
 * Signs in with the passkey's answer: verified (origin, relying party, user
 * present and verified, counter), then completePasskeySignIn sets the session.
 */
export const passkeySignInAction = action(
  {
    role: "public",
    args: [authenticationResponseSchema, redirectTargetSchema],
    invalid: [failure("auth.passkey.failed")],
  },
  async ({ args: [response, redirectTo] }): Promise<LoginActionResult> => {
    const store = await cookies();
    const result = await verifyPasskeyAssertion(response, store, requestNow(await headers()));
    if (!result.ok) return failure(result.error, { code: result.code });
    const signedIn = await completePasskeySignIn(store, await headers(), result.user);
    if (!signedIn.ok) return failure(signedIn.error);
    return { ok: true, redirectTo };
  },
);
