import { apiError, apiJson } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { toApiUser } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";

// GET /api/auth/me → {user} for the bearer token or session cookie, else 401.
export const GET = localized(async (request: Request) => {
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  return apiJson({ status: "success", user: toApiUser(user) });
});
