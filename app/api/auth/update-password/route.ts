import { apiError, apiJson, readJsonBody } from "@/lib/http/api";
import { getUserFromHeaders } from "@/lib/auth/current-user";
import { resetPasswordWithToken, setPassword } from "@/lib/auth/password-reset";
import { updatePasswordSchema } from "@/lib/validation/auth";

// POST /api/auth/update-password {password, token?} — with a reset token, or signed in.
export async function POST(request: Request) {
  const body = await readJsonBody(request, updatePasswordSchema);
  if (!body.ok) return body.response;
  const { password, token } = body.data;
  if (token) {
    const done = await resetPasswordWithToken(token, password);
    if (!done) return apiError(400, "This reset link is invalid or has expired. Ask for a new one.", { code: "invalid_token" });
    return apiJson({ status: "success", message: "Password updated. You can log in with your new password." });
  }
  const user = await getUserFromHeaders(request.headers);
  if (!user) return apiError(401, "Not authenticated");
  await setPassword(user.id, password);
  return apiJson({ status: "success", message: "Password updated." });
}
