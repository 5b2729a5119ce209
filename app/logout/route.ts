import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/cookies";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { revokeAllRefreshTokens } from "@/lib/auth/refresh-tokens";

// Signs out (clears the session cookie, revokes the user's refresh tokens) and goes home.
export async function GET(request: NextRequest) {
  const user = await getUserFromHeaders(request.headers);
  if (user) await revokeAllRefreshTokens(user.id);
  const response = NextResponse.redirect(new URL("/", request.nextUrl), 303);
  response.cookies.delete(SESSION_COOKIE);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
