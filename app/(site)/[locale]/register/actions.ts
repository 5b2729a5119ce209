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
import { registerWithLimits } from "@/lib/auth/registration";
import { accountSchema } from "@/lib/validation/auth";
import { tagIdSchema } from "@/lib/validation/registration";

export type RegisterActionResult = ActionResult<{ redirectTo: string }>;

// Where the sign-up came from: a malformed tag id or redirect is dropped, never an error.
const signUpContextSchema = z
  .object({ tapId: tagIdSchema.nullable().catch(null), redirect: z.unknown().transform(safeRedirectPath) })
  .catch({ tapId: null, redirect: null });

/** Customer sign-up (the short registration payload); signs the new user in. */
export const registerCustomerAction = action(
  { role: "public", args: [accountSchema, signUpContextSchema] },
  async ({ args: [{ firstName, lastName, email, password }, { tapId, redirect }] }): Promise<RegisterActionResult> => {
    const requestHeaders = await headers();
    const result = await registerWithLimits(
      {
        email: email.toLowerCase(),
        password,
        metadata: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
        tap_id: tapId,
      },
      // The new account speaks the browser's language.
      { ip: clientIp(requestHeaders), language: negotiateLocale(requestHeaders.get("accept-language")) },
    );
    if (!result.ok) return failure(registrationFailureKey(result));
    await setSignInCookies(await cookies(), result.user);
    // Back to the tap that sent them here ('Link me'), where the visit is recorded.
    const fallback = tapId ? `/tap?id=${encodeURIComponent(tapId)}` : "/dashboard";
    return { ok: true, redirectTo: redirect ?? fallback };
  },
);
