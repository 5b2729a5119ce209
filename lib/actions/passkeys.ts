"use server";

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { cookies, headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import {
  passkeyRegistrationOptions,
  passkeySignInOptions,
  savePasskey,
  verifyPasskeyAssertion,
} from "@/lib/auth/passkeys";
import { reauthenticate } from "@/lib/auth/reauthentication";
import { requestNow } from "@/lib/clock";
import { findPasskeyAccount, removePasskey } from "@/lib/db/passkeys";
import {
  authenticationResponseSchema,
  passkeyIdSchema,
  passkeyPasswordSchema,
  registrationResponseSchema,
} from "@/lib/validation/passkeys";

// Saving, confirming with and removing passkeys (docs/authentication.md,
// "Passkeys"): the signed-in account's own, guests included.

export type SavePasskeyOptionsResult = ActionResult<{ options: PublicKeyCredentialCreationOptionsJSON }>;

/**
 * The options of one registration ceremony. A guest saves its first passkey
 * with its session alone (the session is all the card has); an account adds
 * a way to sign in, a sensitive action: it needs a fresh re-authentication
 * (the password typed with it, or a confirmation link or passkey just used),
 * or a stolen session could add a passkey of its own and keep the account.
 */
export const savePasskeyOptionsAction = action(
  { role: "user", args: [passkeyPasswordSchema] },
  async ({ args: [{ password }], user }): Promise<SavePasskeyOptionsResult> => {
    const requestHeaders = await headers();
    const now = requestNow(requestHeaders);
    const account = await findPasskeyAccount(user.id);
    if (!account?.guest) {
      const reauth = await reauthenticate(user.id, password, requestHeaders);
      if (!reauth.ok) return reauth;
    }
    return { ok: true, options: await passkeyRegistrationOptions(user, await cookies(), now) };
  },
);

export type SavePasskeyActionResult = ActionResult<{ keptCard: boolean }>;

/** Verifies the new passkey (bound to this browser's challenge for this account) and saves it. */
export const savePasskeyAction = action(
  { role: "user", args: [registrationResponseSchema], invalid: [failure("auth.passkey.failed")] },
  async ({ args: [response], user }): Promise<SavePasskeyActionResult> => {
    const requestHeaders = await headers();
    const result = await savePasskey(
      user,
      response,
      await cookies(),
      requestNow(requestHeaders),
      requestHeaders.get("user-agent"),
    );
    if (!result.ok) return failure(result.error, { code: result.code });
    return { ok: true, keptCard: result.keptCard };
  },
);

export type ConfirmPasskeyOptionsResult = ActionResult<{ options: PublicKeyCredentialRequestOptionsJSON }>;

/** "Confirm it's you with a passkey": a ceremony that only the account's own passkeys can answer. */
export const confirmWithPasskeyOptionsAction = action(
  { role: "user", args: [] },
  async ({ user }): Promise<ConfirmPasskeyOptionsResult> => {
    const options = await passkeySignInOptions(await cookies(), requestNow(await headers()), user);
    return { ok: true, options };
  },
);

/** A verified passkey of the account's own re-authenticates it for REAUTH_VALID_MS, like an opened confirmation link. */
export const confirmWithPasskeyAction = action(
  { role: "user", args: [authenticationResponseSchema], invalid: [failure("auth.passkey.failed")] },
  async ({ args: [response], user }): Promise<ActionResult> => {
    const result = await verifyPasskeyAssertion(response, await cookies(), requestNow(await headers()), user);
    if (!result.ok) return failure(result.error, { code: result.code });
    return { ok: true };
  },
);

/**
 * Removes one of the caller's own passkeys: a sensitive action (a fresh
 * re-authentication first), and never the account's last way to sign in.
 */
export const removePasskeyAction = action(
  { role: "user", args: [passkeyIdSchema, passkeyPasswordSchema], invalid: [failure("settings.passkeys.notFound")] },
  async ({ args: [passkeyId, { password }], user }): Promise<ActionResult> => {
    const requestHeaders = await headers();
    const reauth = await reauthenticate(user.id, password, requestHeaders);
    if (!reauth.ok) return reauth;
    const removed = await removePasskey(user.id, passkeyId);
    if (removed === "not-found") return failure("settings.passkeys.notFound", { code: "not_found" });
    if (removed === "last-sign-in") return failure("settings.passkeys.lastSignIn", { code: "last_sign_in" });
    return { ok: true };
  },
);
