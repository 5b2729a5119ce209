import { apiError, apiJson, readJsonBody } from "@/lib/http/api";
import { apiLocale, localized } from "@/lib/http/api-locale";
import { tooManyMessage } from "@/lib/http/api-messages";
import { clientIp } from "@/lib/auth/client-ip";
import { requestEmailLink } from "@/lib/auth/email-link";
import { requestNow } from "@/lib/clock";
import { emailLinkRequestSchema } from "@/lib/validation/auth";

// POST /api/auth/email-link {email, redirect?} — mails a one-time sign-in link
// (docs/authentication.md, "Signing in with an emailed link"). The answer is
// the same 202 whether or not the address has an account; only the limits
// refuse (429, the same for every address).
export const POST = localized(async (request: Request) => {
  const body = await readJsonBody(request, emailLinkRequestSchema);
  if (!body.ok) return body.response;
  const result = await requestEmailLink(
    body.data,
    { ip: clientIp(request.headers), locale: apiLocale(request) },
    requestNow(request.headers),
  );
  if (!result.ok) {
    const response = apiError(429, tooManyMessage("api.auth.tooManyEmailLinks", result.retryAfter), {
      code: "too_many_requests",
    });
    response.headers.set("Retry-After", String(result.retryAfter));
    return response;
  }
  return apiJson({ status: "success", message: "api.auth.emailLinkSent" }, { status: 202 });
});
