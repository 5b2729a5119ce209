"use server";

import { headers } from "next/headers";
import { getSessionIdentityFromHeaders } from "@/lib/auth/current-user";
import { requestNow } from "@/lib/clock";
import { pickSunParams, sunRejection } from "@/lib/nfc/verify-tap";
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from "@/lib/tap/idempotency";
import { recordTap, type TapErrorBody, type TapVisitBody } from "@/lib/tap/record";
import { tapRequestSchema } from "@/lib/validation/tap";

/**
 * The tap page's recorder: the same visit as POST /api/tap, for the signed-in
 * customer. Input: `{ id, picc_data?, enc?, cmac?, uid?, ctr?, idempotencyKey? }`
 * — a secure tag's SUN parameters from the tapped URL, and the page visit's
 * key, so a retry of that page visit never counts twice — or just the tag id.
 */
export async function recordTapAction(input: unknown): Promise<TapVisitBody | TapErrorBody> {
  const rawKey = typeof input === "object" && input && "idempotencyKey" in input ? input.idempotencyKey : undefined;
  const key = rawKey === undefined ? null : idempotencyKeySchema.safeParse(rawKey);
  if (key && !key.success) return { status: "error", code: "invalid_idempotency_key", message: IDEMPOTENCY_KEY_MESSAGE, tag_id: "" };
  const parsed = tapRequestSchema.safeParse(typeof input === "string" ? { id: input } : input);
  if (!parsed.success) {
    const badId = parsed.error.issues.some((issue) => issue.path[0] === "id");
    const id = typeof input === "object" && input && "id" in input && typeof input.id === "string" ? input.id.slice(0, 64) : "";
    if (badId) return { status: "error", code: "invalid_tag", message: "Invalid tag ID", tag_id: "" };
    const { code, message } = sunRejection("not_verified");
    return { status: "error", code, message, tag_id: id };
  }
  const { id } = parsed.data;
  const requestHeaders = await headers();
  const identity = await getSessionIdentityFromHeaders(requestHeaders);
  if (!identity) return { status: "error", code: "not_authenticated", message: "Please log in to record your visit.", tag_id: id };
  const result = await recordTap(identity, id, requestNow(requestHeaders), pickSunParams(parsed.data), key ? key.data : null);
  return result.body;
}
