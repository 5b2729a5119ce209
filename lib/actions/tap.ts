"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { getSessionIdentityFromHeaders } from "@/lib/auth/current-user";
import { renewGuestSession } from "@/lib/auth/session-cookie";
import { requestNow } from "@/lib/clock";
import { pickSunParams, sunRejection } from "@/lib/nfc/verify-tap";
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from "@/lib/tap/idempotency";
import { message } from "@/lib/i18n/message";
import { INVALID_TAG_MESSAGE, NOT_AUTHENTICATED_MESSAGE } from "@/lib/tap/messages";
import { recordTap, type TapErrorBody, type TapHeldBody, type TapVisitBody } from "@/lib/tap/record";
import { tapRequestSchema } from "@/lib/validation/tap";

/** A bare tag id, or the tag id with a secure tag's SUN parameters and the page visit's idempotency key. */
const tapActionSchema = z.preprocess(
  (input) => (typeof input === "string" ? { id: input } : input),
  tapRequestSchema.extend({ idempotencyKey: idempotencyKeySchema.optional() }),
);

/** The same answers POST /api/tap gives: a bad key first, then a bad tag id, then unverifiable SUN parameters. */
function invalidTap(error: z.ZodError, input: unknown): TapErrorBody {
  if (error.issues.some((issue) => issue.path[0] === "idempotencyKey")) {
    return { status: "error", code: "invalid_idempotency_key", message: message(IDEMPOTENCY_KEY_MESSAGE), tag_id: "" };
  }
  if (error.issues.some((issue) => issue.path[0] === "id")) {
    return { status: "error", code: "invalid_tag", message: INVALID_TAG_MESSAGE, tag_id: "" };
  }
  const id =
    typeof input === "object" && input && "id" in input && typeof input.id === "string" ? input.id.slice(0, 64) : "";
  const rejection = sunRejection("not_verified");
  return { status: "error", code: rejection.code, message: rejection.message, tag_id: id };
}

/**
 * The tap page's recorder: the same visit as POST /api/tap, for the signed-in
 * customer. Input: `{ id, picc_data?, enc?, cmac?, uid?, ctr?, idempotencyKey? }`
 * — a secure tag's SUN parameters from the tapped URL, and the page visit's
 * key, so a retry of that page visit never counts twice — or just the tag id.
 * Role public: the visit's own statement checks the account and its session
 * version (the hot path reads the session without a query of its own).
 */
export const recordTapAction = action(
  { role: "public", args: [tapActionSchema], invalid: [invalidTap] },
  async ({ args: [input] }): Promise<TapVisitBody | TapHeldBody | TapErrorBody> => {
    const requestHeaders = await headers();
    const identity = await getSessionIdentityFromHeaders(requestHeaders);
    if (!identity)
      return {
        status: "error",
        code: "not_authenticated",
        message: NOT_AUTHENTICATED_MESSAGE,
        tag_id: input.id,
      };
    const result = await recordTap(
      identity,
      input.id,
      requestNow(requestHeaders),
      pickSunParams(input),
      input.idempotencyKey ?? null,
    );
    // A guest's card lives on its cookie: every visit it records renews it.
    if (identity.guest && identity.sessionVersion !== null && result.body.status === "success")
      await renewGuestSession(await cookies(), { userId: identity.userId, sessionVersion: identity.sessionVersion });
    return result.body;
  },
);
