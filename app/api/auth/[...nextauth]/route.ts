// Auth.js endpoints (Google OAuth sign-in and callback, the session). Password
// sign-in has its own handlers beside this one (login, register, token, …).
// Requests Auth.js could only fail on are answered before it sees them
// (lib/auth/auth-requests.ts).
import type { NextRequest } from "next/server";
import { authProviderIds, handlers } from "@/lib/auth";
import { screenAuthRequest } from "@/lib/auth/auth-requests";
import { withoutGuestSession } from "@/lib/auth/guest-oauth";

async function serve(request: NextRequest, handler: (request: NextRequest) => Promise<Response>): Promise<Response> {
  const screened = await screenAuthRequest(request, authProviderIds);
  return "answer" in screened ? screened.answer : handler(await withoutGuestSession(screened.request));
}

export const GET = (request: NextRequest) => serve(request, handlers.GET);
export const POST = (request: NextRequest) => serve(request, handlers.POST);
