"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { clientIp } from "@/lib/auth/client-ip";
import {
  completeEmailLinkSignIn,
  requestEmailLink,
  resendEmailLink,
  type EmailLinkContext,
  type EmailLinkRequestResult,
} from "@/lib/auth/email-link";
import { waitValues } from "@/lib/auth/failure-messages";
import { requestNow } from "@/lib/clock";
import { storedLocale } from "@/lib/i18n/locales";
import { message } from "@/lib/i18n/message";
import { emailLinkFormSchema } from "@/lib/validation/auth";

// The emailed sign-in link's forms (docs/authentication.md, "Signing in with an
// emailed link"). Messages are catalog keys: failures are answered in the
// reader's language by the action builder.

export type EmailLinkActionResult = ActionResult;

/** A token that is not a string matches no link: it gets the used-or-expired answer. */
const tokenSchema = z.string().catch("");
/** Kept only when it is a same-origin path (requestEmailLink checks it). */
const redirectSchema = z.string().max(2048).nullish().catch(null);
/** The previous state useActionState passes along: not read. */
const previousStateSchema = z.unknown();
/** The "Email me a link" form's field, as a form posts it (FormData) or as an object. */
const emailFormSchema = z.preprocess(
  (value) => (value instanceof FormData ? { email: value.get("email") } : value),
  emailLinkFormSchema,
);

async function context(): Promise<{ context: EmailLinkContext; now: Date }> {
  const requestHeaders = await headers();
  return {
    context: { ip: clientIp(requestHeaders), locale: storedLocale(await getLocale()) },
    now: requestNow(requestHeaders),
  };
}

function answer(result: EmailLinkRequestResult): EmailLinkActionResult {
  if (result.ok) return { ok: true };
  return failure(message("auth.emailLink.tooMany", waitValues(result.retryAfter)), { code: result.code });
}

/**
 * "Email me a link" (log-in and sign-up pages, the guest's banner), as a form's
 * useActionState action bound to the redirect: the same answer for every address.
 */
export const requestEmailLinkAction = action(
  { role: "public", args: [redirectSchema, previousStateSchema, emailFormSchema] },
  async ({ args: [target, , { email }] }): Promise<EmailLinkActionResult> => {
    const { context: where, now } = await context();
    return answer(await requestEmailLink({ email, redirect: target }, where, now));
  },
);

/** "Send a new link" on a used or expired link's page: to the link's own address, under the same limits. */
export const resendEmailLinkAction = action(
  { role: "public", args: [tokenSchema] },
  async ({ args: [token] }): Promise<EmailLinkActionResult> => {
    const { context: where, now } = await context();
    const result = await resendEmailLink(token, where, now);
    if (!result) return failure("auth.emailLink.invalid", { code: "invalid_link" });
    return answer(result);
  },
);

/** useActionState's state of the link's sign-in form: null before it is sent (success redirects). */
export type EmailLinkSignInState = { ok: false; reason: "invalid" | "disabled" | "merge_failed" } | null;

/**
 * The sign-in link page's form (it sends itself; its button is the fallback
 * without JavaScript): spends the link, sets the session and redirects to the
 * link's redirect. A new account gets the page's language.
 */
export const signInWithEmailLinkAction = action(
  { role: "public", args: [tokenSchema], invalid: [{ ok: false, reason: "invalid" } as const] },
  async ({ args: [token] }): Promise<EmailLinkSignInState> => {
    const result = await completeEmailLinkSignIn(
      token,
      { language: storedLocale(await getLocale()), cookies: await cookies(), requestHeaders: await headers() },
      requestNow(await headers()),
    );
    if (!result.ok) return { ok: false, reason: result.reason };
    redirect(result.redirectTo);
  },
);
