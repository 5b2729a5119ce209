import { apiError, apiJson } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { setMailSubscription } from "@/lib/db/notification-mail";
import { readToken } from "@/lib/notifications/unsubscribe";
import { unsubscribeTokenSchema } from "@/lib/validation/unsubscribe";

// POST /api/unsubscribe?token=… — the one-click unsubscribe of RFC 8058, the
// address of a notification mail's List-Unsubscribe header. A mail program
// posts `List-Unsubscribe=One-Click` (form-encoded) here without cookies or a
// log-in; the signed token alone says whose mails from which business stop
// (docs/notifications.md). The body carries nothing we need and is not read.
// Never a GET: link scanners open every link of a mail.
export const POST = localized(async (request: Request) => {
  const tokens = new URL(request.url).searchParams.getAll("token");
  const parsed = tokens.length === 1 ? unsubscribeTokenSchema.safeParse(tokens[0]) : null;
  const scope = parsed?.success ? readToken(parsed.data) : null;
  if (!scope) return apiError(400, "api.unsubscribe.invalidLink", { code: "invalid_token" });
  const result = await setMailSubscription(scope.userId, scope.businessId);
  if (!result) return apiError(410, "api.unsubscribe.gone", { code: "gone" });
  return apiJson({ status: "success", message: "api.unsubscribe.done" });
});
