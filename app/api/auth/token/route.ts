import { z } from "zod";
import { apiJson, MAX_BODY_BYTES, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { message } from "@/lib/i18n/message";
import { buildSession } from "@/lib/auth/api-session";
import { rotateRefreshToken } from "@/lib/auth/refresh-tokens";
import { findActiveUserById } from "@/lib/db/users";

const refreshSchema = z.object({ refresh_token: z.string().min(1).max(512) });

// OAuth-style errors ({error, error_description}, as OAuth clients expect), plus our {status, message}.
// Only `message` follows Accept-Language: error_description is OAuth's text for developers and stays English.
const GRANT_ERRORS = {
  unsupported_grant_type: { key: "api.auth.unsupportedGrantType", description: "Unsupported grant type" },
  invalid_request: { key: "api.auth.refreshFailed", description: "Failed to refresh session" },
  invalid_grant: { key: "api.auth.refreshFailed", description: "Failed to refresh session" },
} as const;

function grantError(error: keyof typeof GRANT_ERRORS) {
  const { key, description } = GRANT_ERRORS[error];
  return apiJson({ status: "error", message: message(key), error, error_description: description }, { status: 400 });
}

// POST /api/auth/token?grant_type=refresh_token {refresh_token} → a new token pair.
export const POST = localized(async (request: Request) => {
  const grantType = new URL(request.url).searchParams.get("grant_type");
  if (grantType !== "refresh_token") return grantError("unsupported_grant_type");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return apiJson({ status: "error", message: "api.bodyTooLarge" }, { status: 413 });
  }
  const body = await readJsonBody(request, refreshSchema);
  if (!body.ok) {
    if (body.response.status !== 400) return body.response;
    return grantError("invalid_request");
  }
  const rotated = await rotateRefreshToken(body.data.refresh_token);
  if (!rotated.ok) return grantError("invalid_grant");
  const user = await findActiveUserById(rotated.userId);
  if (!user || user.sessionVersion !== rotated.sessionVersion) return grantError("invalid_grant");
  const session = await buildSession(user, rotated.refreshToken);
  return apiJson({ ...session, status: "success", session, user: session.user });
});
