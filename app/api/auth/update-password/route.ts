import { apiError, apiJson, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { tooManyMessage } from "@/lib/http/api-messages";
import { buildSession, setSessionCookie } from "@/lib/auth/api-session";
import { changePasswordWithCurrent } from "@/lib/auth/change-password";
import { clientIp } from "@/lib/auth/client-ip";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { resetPasswordWithToken } from "@/lib/auth/password-reset";
import { updatePasswordRequestSchema } from "@/lib/auth/password-schemas";

// POST /api/auth/update-password {password, token} — with a reset link — or
// {password, current_password} signed in. Either way every session and
// refresh token of the account ends; a signed-in caller gets a fresh session
// in the answer (and a fresh cookie if it used one), so it stays signed in.
export const POST = localized(async (request: Request) => {
  const body = await readJsonBody(request, updatePasswordRequestSchema);
  if (!body.ok) return body.response;
  const { password, token, current_password } = body.data;
  if (token) {
    const done = await resetPasswordWithToken(token, password);
    if (!done) return apiError(400, "api.auth.resetLinkInvalid", { code: "invalid_token" });
    return apiJson({ status: "success", message: "api.auth.passwordReset" });
  }
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "api.notAuthenticated");
  const result = await changePasswordWithCurrent(user.id, current_password, password, clientIp(request.headers));
  if (!result.ok) {
    if (result.status !== 429) return apiError(result.status, result.message, { code: result.code });
    const response = apiError(429, tooManyMessage("api.auth.tooManySignInAttempts", result.retryAfter), {
      code: result.code,
    });
    response.headers.set("Retry-After", String(result.retryAfter));
    return response;
  }
  const session = await buildSession(result.user);
  const response = apiJson({ status: "success", message: "api.auth.passwordUpdated", session, user: session.user });
  if (!request.headers.get("authorization")) await setSessionCookie(response, result.user);
  return response;
});
