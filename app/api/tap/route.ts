import { fieldErrorsOf, firstIssue } from "@/lib/validation/errors";
import { apiError, apiJson, readJsonBody } from "@/lib/http/api";
import { localized } from "@/lib/http/api-locale";
import { getUserFromHeaders, getSessionIdentityFromHeaders } from "@/lib/auth/current-user";
import { requestNow } from "@/lib/clock";
import { pickSunParams } from "@/lib/nfc/verify-tap";
import { tapCheckJson } from "@/lib/tap/api-shape";
import { idempotencyKeyOf } from "@/lib/tap/idempotency";
import { recordTap } from "@/lib/tap/record";
import { loadVerifiedTapState } from "@/lib/tap/state";
import { tapRequestSchema } from "@/lib/validation/tap";

// GET /api/tap?id= — what the tag shows; never writes visits (prefetches and crawlers are harmless).
// A secure tag's SUN parameters (picc_data, cmac, …) ride along and are verified first.
export const GET = localized(async (request: Request) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = tapRequestSchema.safeParse(query);
  if (!parsed.success) {
    return apiError(400, firstIssue(parsed.error, "api.tap.invalidTagId"), { errors: fieldErrorsOf(parsed.error) });
  }
  const user = await getUserFromHeaders(request.headers);
  const result = await loadVerifiedTapState(
    parsed.data.id,
    user,
    pickSunParams(parsed.data),
    requestNow(request.headers),
  );
  if (!result.ok) {
    const { httpStatus, code, message } = result.rejection;
    return apiJson({ status: "error", code, message, tag_id: parsed.data.id }, { status: httpStatus });
  }
  return apiJson(tapCheckJson(result.state));
});

// POST /api/tap {id, picc_data?, cmac?, …} — records a visit for the signed-in customer and applies every active program.
// An Idempotency-Key header makes a retry safe: the same key within 24 hours gets the first answer and records nothing.
export const POST = localized(async (request: Request) => {
  const body = await readJsonBody(request, tapRequestSchema);
  if (!body.ok) return body.response;
  const key = idempotencyKeyOf(request.headers);
  if (!key.ok) return apiError(400, key.message, { code: "invalid_idempotency_key" });
  const identity = await getSessionIdentityFromHeaders(request.headers);
  if (!identity) return apiError(401, "api.tap.logInToRecord", { code: "not_authenticated" });
  const result = await recordTap(
    identity,
    body.data.id,
    requestNow(request.headers),
    pickSunParams(body.data),
    key.key,
  );
  return apiJson(result.body, { status: result.httpStatus });
});
