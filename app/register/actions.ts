"use server";

import { cookies, headers } from "next/headers";
import { clientIp } from "@/lib/auth/client-ip";
import { sessionCookieOptions, SESSION_COOKIE } from "@/lib/auth/cookies";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { encodeSessionToken } from "@/lib/auth/session-cookie";
import { registerWithLimits } from "@/lib/auth/registration";
import { accountSchema } from "@/lib/validation/auth";
import { tagIdSchema } from "@/lib/validation/registration";

export type RegisterActionResult = { ok: true; redirectTo: string } | { ok: false; error: string };

/** Customer sign-up (the short registration payload); signs the new user in. */
export async function registerCustomerAction(
  input: unknown,
  context: { tapId: string | null; redirect: string | null },
): Promise<RegisterActionResult> {
  const parsed = accountSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to register" };
  const tapId = tagIdSchema.safeParse(context.tapId).data ?? null;
  const { firstName, lastName, email, password } = parsed.data;
  const result = await registerWithLimits(
    {
      email: email.toLowerCase(),
      password,
      metadata: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
      tap_id: tapId,
    },
    clientIp(await headers()),
  );
  if (!result.ok) return { ok: false, error: result.message };
  (await cookies()).set(SESSION_COOKIE, await encodeSessionToken(result.user), sessionCookieOptions());
  // Back to the tap that sent them here ('Link me'), where the visit is recorded.
  const fallback = tapId ? `/tap?id=${encodeURIComponent(tapId)}` : "/dashboard";
  return { ok: true, redirectTo: safeRedirectPath(context.redirect) ?? fallback };
}
