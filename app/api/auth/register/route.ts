import { apiError, apiJson, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { tooManyMessage } from "@/lib/http/api-messages";
import { buildSession, setSessionCookie } from "@/lib/auth/api-session";
import { clientIp } from "@/lib/auth/client-ip";
import { GUEST_MERGE_FAILED_API, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { registerWithLimits } from "@/lib/auth/registration";
import { message } from "@/lib/i18n/message";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { registerSchema } from "@/lib/validation/registration";

/** What each conflict answers (its code goes along). */
const REFUSALS = {
  email_taken: "api.auth.emailTaken",
  phone_taken: "api.auth.phoneTaken",
  tap_already_claimed: "api.auth.tagAlreadyClaimed",
} as const;

// POST /api/auth/register — a customer (short payload) or a business owner
// (full payload: business, profile and tag claim, all in one transaction).
// Throttled per client address (429 with Retry-After).
export const POST = localized(async (request: Request) => {
  const body = await readJsonBody(request, registerSchema);
  if (!body.ok) return body.response;
  // The new account speaks the browser's language (the wizard sends its page's).
  const result = await registerWithLimits(body.data, {
    ip: clientIp(request.headers),
    language: negotiateLocale(request.headers.get("accept-language")),
  });
  if (!result.ok) {
    if (result.status !== 429) return apiError(result.status, message(REFUSALS[result.code]), { code: result.code });
    const key = result.reason === "network" ? "api.auth.tooManyAccounts" : "api.auth.tooManySignUps";
    const response = apiError(429, tooManyMessage(key, result.retryAfter), { code: result.code });
    response.headers.set("Retry-After", String(result.retryAfter));
    return response;
  }
  // Registering as a guest: the guest's cards become the new account's. Should that fail, the
  // account exists but the guest's cookie stays: signing in with it retries the merge.
  if (!(await mergeGuestBeforeSignIn(request.headers, result.user.id))) return apiError(503, GUEST_MERGE_FAILED_API);
  const session = await buildSession(result.user);
  const response = apiJson(
    {
      status: "success",
      message: result.businessId ? "api.auth.registrationCompleted" : "api.auth.accountCreated",
      session,
      user: session.user,
      business_id: result.businessId,
    },
    { status: 201 },
  );
  await setSessionCookie(response, result.user);
  return response;
});
