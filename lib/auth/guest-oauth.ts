import "server-only";
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { guestIdOfRequest, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";

// A Google sign-in that returns to a browser holding a guest's session: Auth.js
// would take the guest for the signed-in user and link the Google account to
// it (or refuse a Google account already linked to someone). So the callback
// reaches Auth.js without the guest's cookie, as a fresh sign-in, and the jwt
// callback (lib/auth/index.ts) merges the guest, read from the original
// request's headers, into the account Auth.js signs in.
// docs/authentication.md, "Merging a guest into an account".

const CALLBACK_PATH = /^\/api\/auth\/callback\//;

/** The request without the session cookie when it is an OAuth callback carrying a guest's session. */
export async function withoutGuestSession(request: NextRequest): Promise<NextRequest> {
  if (!CALLBACK_PATH.test(request.nextUrl.pathname)) return request;
  if (!(await guestIdOfRequest(request.headers))) return request;
  const headers = new Headers(request.headers);
  const kept = (request.headers.get("cookie") ?? "")
    .split(";")
    .filter((part) => part.split("=", 1)[0]!.trim() !== SESSION_COOKIE)
    .join(";");
  if (kept.trim()) headers.set("cookie", kept);
  else headers.delete("cookie");
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
  return new NextRequest(request.url, { method: request.method, headers, body });
}

/**
 * A Google sign-in refused because the guest it came from could not be merged. Auth.js shows a
 * page only its own client-safe error types: AccessDenied of kind "signIn" lands on
 * /login?error=AccessDenied, which says so (GUEST_MERGE_FAILED).
 */
export class GuestMergeFailed extends AuthError {
  static type = "AccessDenied" as const;
  static kind = "signIn" as const;
}

/**
 * The Auth.js jwt callback's first step on a sign-in (`trigger` signIn or signUp): the guest of
 * the original request (its cookie, which Auth.js did not see) is merged into the account Auth.js
 * signs in, before Auth.js writes the account's cookie. A failed merge throws GuestMergeFailed:
 * the sign-in fails and the guest's cookie stays for the next try.
 */
export async function mergeGuestOnOAuthSignIn(params: { user?: { id?: string | null } | null; trigger?: string }) {
  const accountId = params.user?.id;
  if (!accountId || (params.trigger !== "signIn" && params.trigger !== "signUp")) return;
  if (!(await mergeGuestBeforeSignIn(await headers(), accountId))) throw new GuestMergeFailed();
}
