import { apiError, apiJson } from "@/lib/http/api";
import { toApiUser } from "@/lib/auth/api-session";
import { getUserFromHeaders } from "@/lib/auth/current-user";

// GET /api/auth/me → {user} for the bearer token or session cookie, else 401.
export async function GET(request: Request) {
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "Not authenticated");
  return apiJson({ status: "success", user: toApiUser(user) });
}
