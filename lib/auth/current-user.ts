import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { loginRedirectPath, PATH_HEADER, safeRedirectPath } from "@/lib/auth/redirects";
import { sessionFromCookie } from "@/lib/auth/session-decode";
import { readAccessToken } from "@/lib/auth/tokens";
import { findActiveUserById, type AppUser } from "@/lib/db/users";

/**
 * The signed-in user of a request — `Authorization: Bearer <access token>` or
 * the Auth.js session cookie — re-read from the database, so a disabled or
 * deleted account stops working at once, and a session or token issued
 * before the user's last logout, password change or reset (an older session
 * version) is refused. Every page, action and handler authorises with this;
 * the proxy is only a first filter.
 */
export async function getUserFromHeaders(requestHeaders: Headers): Promise<AppUser | null> {
  const identity = await getSessionIdentityFromHeaders(requestHeaders);
  if (!identity) return null;
  const user = await findActiveUserById(identity.userId);
  return user && user.sessionVersion === identity.sessionVersion ? user : null;
}

/**
 * Who a valid token or session names, and the session version it was issued
 * under, without reading the database: for a hot path whose own statement
 * checks the account and the version (the tap). A cookie or token issued
 * without a version counts as version 0; `sessionVersion` null would tell
 * the statement not to check it.
 */
export type SessionIdentity = { userId: string; sessionVersion: number | null; guest?: boolean };

export async function getSessionIdentityFromHeaders(requestHeaders: Headers): Promise<SessionIdentity | null> {
  const authorization = requestHeaders.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match ? readAccessToken(match[1]!) : null;
  }
  return sessionFromCookie(requestHeaders.get("cookie"));
}

/** The current user in a server component or action (memoised per request). */
export const getCurrentUser = cache(async (): Promise<AppUser | null> => getUserFromHeaders(await headers()));

/**
 * For auth routes: the user, or a redirect to /login?redirect=<this path>.
 * A session cookie that decodes but is no longer valid (an older session
 * version, a disabled account) goes through /auth/session-ended first, which
 * deletes it: the proxy would otherwise send /login straight back here.
 */
export async function requireUser(): Promise<AppUser> {
  const user = await getCurrentUser();
  if (user) return user;
  const requestHeaders = await headers();
  const path = safeRedirectPath(requestHeaders.get(PATH_HEADER)) ?? "/dashboard";
  const url = new URL(path, "http://x");
  if (await sessionFromCookie(requestHeaders.get("cookie"))) {
    redirect(`/auth/session-ended?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  redirect(loginRedirectPath(url.pathname, url.search));
}

/** For signed-out-only routes: bounce a signed-in user to the dashboard (a guest card stays: it signs in to keep its card). */
export async function redirectSignedInUser(): Promise<void> {
  const user = await getCurrentUser();
  if (user && !user.guest) redirect("/dashboard");
}
