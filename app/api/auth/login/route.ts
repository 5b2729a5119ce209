import { apiError, apiJson, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { tooManyMessage } from "@/lib/http/api-messages";
import { buildSession, setSessionCookie } from "@/lib/auth/api-session";
import { clientIp } from "@/lib/auth/client-ip";
import { loginWithPassword } from "@/lib/auth/login";
import { GUEST_MERGE_FAILED_API, mergeGuestBeforeSignIn } from "@/lib/auth/merge-guest";
import { loginSchema } from "@/lib/validation/auth";

// POST /api/auth/login {email, password} → {session, user} and the web session cookie.
// Too many failures: 429 with Retry-After (seconds) and a message saying when.
export const POST = localized(async (request: Request) => {
  const body = await readJsonBody(request, loginSchema);
  if (!body.ok) return body.response;
  const result = await loginWithPassword(body.data, clientIp(request.headers));
  if (!result.ok) {
    const response =
      result.status === 429
        ? apiError(429, tooManyMessage("api.auth.tooManySignInAttempts", result.retryAfter), {
            code: "too_many_attempts",
          })
        : apiError(result.status, result.message);
    if (result.status === 429) response.headers.set("Retry-After", String(result.retryAfter));
    return response;
  }
  // A guest card started in this browser becomes the account's before its cookie replaces the guest's.
  if (!(await mergeGuestBeforeSignIn(request.headers, result.user.id))) return apiError(503, GUEST_MERGE_FAILED_API);
  const session = await buildSession(result.user);
  const response = apiJson({ status: "success", session, user: session.user });
  await setSessionCookie(response, result.user);
  return response;
});
