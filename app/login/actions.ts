"use server";

import { cookies, headers } from "next/headers";
import { signIn } from "@/lib/auth";
import { clientIp } from "@/lib/auth/client-ip";
import { sessionCookieOptions, SESSION_COOKIE } from "@/lib/auth/cookies";
import { loginWithPassword } from "@/lib/auth/login";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { encodeSessionToken } from "@/lib/auth/session-cookie";
import { loginSchema } from "@/lib/validation/auth";

export type LoginActionResult = { ok: true; redirectTo: string } | { ok: false; error: string };

export async function loginAction(input: unknown, redirect: string | null): Promise<LoginActionResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Failed to login" };
  const result = await loginWithPassword(parsed.data, clientIp(await headers()));
  if (!result.ok) return { ok: false, error: result.message };
  const jar = await cookies();
  jar.set(SESSION_COOKIE, await encodeSessionToken(result.user), sessionCookieOptions());
  return { ok: true, redirectTo: safeRedirectPath(redirect) ?? "/dashboard" };
}

/** Google sign-in; the provider returns through /auth/callback, which finishes any pending registration. */
export async function googleSignInAction(redirect: string | null): Promise<void> {
  const target = safeRedirectPath(redirect) ?? "/dashboard";
  await signIn("google", { redirectTo: `/auth/callback?redirect=${encodeURIComponent(target)}` });
}
