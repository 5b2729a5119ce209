import "server-only";
import type { NextResponse } from "next/server";
import { sessionCookieOptions, SESSION_COOKIE } from "@/lib/auth/cookies";
import { createRefreshToken } from "@/lib/auth/refresh-tokens";
import { setSignInCookies } from "@/lib/auth/session-cookie";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "@/lib/auth/tokens";
import type { AppUser } from "@/lib/db/users";

/** The user as the JSON API shows it (the product's Session.user): never secrets. */
export function toApiUser(user: AppUser) {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    birthday: user.birthday ? user.birthday.toISOString().slice(0, 10) : null,
    created_at: user.createdAt.toISOString(),
    // Only a guest card says so: an account's user keeps the product's shape.
    ...(user.guest ? { guest: true as const } : {}),
  };
}
export type ApiUser = ReturnType<typeof toApiUser>;

export type ApiSession = {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: "bearer";
  user: ApiUser;
};

export async function buildSession(user: AppUser, refreshToken?: string): Promise<ApiSession> {
  const access = await signAccessToken(user.id, new Date(), user.sessionVersion);
  return {
    access_token: access.token,
    refresh_token: refreshToken ?? (await createRefreshToken(user.id, user.sessionVersion)),
    expires_at: access.expiresAt,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    token_type: "bearer",
    user: toApiUser(user),
  };
}

/** Also signs the browser in: the same Auth.js session cookie the pages read, and the person's language cookie. */
export async function setSessionCookie(response: NextResponse, user: AppUser) {
  await setSignInCookies(response.cookies, user);
}

/** Deletes the session cookie with the attributes it was set with (a `__Secure-` cookie is only replaced by a Secure one). */
export function clearSessionCookie(response: NextResponse) {
  response.cookies.set(SESSION_COOKIE, "", { ...sessionCookieOptions(0), maxAge: 0 });
}
