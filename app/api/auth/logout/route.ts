import { apiJson } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { refuseCrossSite } from "@/lib/http/same-origin";
import { clearSessionCookie } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { revokeAllSessions } from "@/lib/auth/sessions";

// POST /api/auth/logout — ends every session of the caller (cookies and
// access tokens stop working, refresh tokens are revoked), clears the cookie;
// always 200.
export const POST = localized(async (request: Request) => {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = await getUserFromHeaders(request.headers).catch(() => null);
  if (user) await revokeAllSessions(user.id);
  const response = apiJson({ status: "success", message: "api.auth.signedOut" });
  clearSessionCookie(response);
  return response;
});
