import { apiError, apiJson } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { accountExport } from "@/lib/db/account-export";

// GET /api/account/export → the caller's own data as a JSON download (the
// Settings page links it; the privacy page promises it). Only ever the
// signed-in person's data: there is no parameter that names another account.
export const GET = localized(async (request: Request) => {
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  const data = await accountExport(user.id);
  if (!data) return apiError(401, "api.notAuthenticated");
  const day = data.exportedAt.slice(0, 10);
  return apiJson(data, {
    headers: { "Content-Disposition": `attachment; filename="loyaltap-data-${day}.json"` },
  });
});
