import { apiJson } from "@/lib/http/api";
import { clearSessionCookie } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { revokeAllRefreshTokens } from "@/lib/auth/refresh-tokens";
import { refuseCrossSite } from "@/lib/http/same-origin";

// POST /api/auth/logout — revokes the caller's refresh tokens, clears the cookie; always 200.
export async function POST(request: Request) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = await getUserFromHeaders(request.headers).catch(() => null);
  if (user) await revokeAllRefreshTokens(user.id);
  const response = apiJson({ status: "success", message: "Signed out" });
  clearSessionCookie(response);
  return response;
}
