"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { clientIp } from "@/lib/auth/client-ip";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import { registrationFailureKey } from "@/lib/auth/failure-messages";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { GUEST_MERGE_FAILED, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { registerWithLimits } from "@/lib/auth/registration";
import { signUpLanding, WALLET_PATH } from "@/lib/auth/sign-up-paths";
import { joinBusinessBySlug } from "@/lib/db/registration";
import { slugSchema } from "@/lib/validation/params";
import { accountSchema } from "@/lib/validation/auth";
import { tagIdSchema } from "@/lib/validation/registration";

export type RegisterActionResult = ActionResult<{ redirectTo: string }>;

// Where the sign-up came from (the tag tapped, the card's business): a malformed
// tag id, slug or redirect is dropped, never an error.
const signUpContextSchema = z
  .object({
    tapId: tagIdSchema.nullable().catch(null),
    redirect: z.unknown().transform(safeRedirectPath),
    businessSlug: slugSchema.nullish().catch(null),
  })
  .catch({ tapId: null, redirect: null, businessSlug: null });

/** Customer sign-up (the short registration payload); signs the new user in. */
export const registerCustomerAction = action(
  { role: "public", args: [accountSchema, signUpContextSchema] },
  async ({
    args: [{ firstName, lastName, email, password }, { tapId, redirect, businessSlug }],
  }): Promise<RegisterActionResult> => {
    const requestHeaders = await headers();
    const result = await registerWithLimits(
      {
        email: email.toLowerCase(),
        password,
        metadata: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
        tap_id: tapId,
      },
      // The new account speaks the browser's language; a card's sign-up joins its business at once.
      {
        ip: clientIp(requestHeaders),
        language: negotiateLocale(requestHeaders.get("accept-language")),
        join: businessSlug ? { businessSlug } : null,
      },
    );
    if (!result.ok) return failure(registrationFailureKey(result));
    // Registering as a guest: the guest's cards become the new account's. Should that fail, the
    // account exists but the guest's cookie stays: signing in with it retries the merge.
    if (!(await mergeGuestBeforeSignIn(requestHeaders, result.user.id))) return failure(GUEST_MERGE_FAILED);
    await setSignInCookies(await cookies(), result.user);
    // Back to the tap that sent them here ('Link me'), where the visit is recorded, or to the
    // wallet that shows the business of the card they started on.
    return { ok: true, redirectTo: signUpLanding({ redirect, tapId, joined: Boolean(result.joinedBusinessId) }) };
  },
);

/** A card's business this signed-in customer joins ("Create your card" with an account already). */
export const joinBusinessAction = action(
  { role: "user", args: [slugSchema] },
  async ({ args: [slug], user }): Promise<RegisterActionResult> => {
    const joined = await joinBusinessBySlug(user.id, slug);
    if (!joined) return failure("card.notFound.body");
    return { ok: true, redirectTo: WALLET_PATH };
  },
);
