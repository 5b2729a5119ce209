import "server-only";
import { failure, SIGNED_OUT_MESSAGE, type ActionResult } from "@/lib/actions/result";
import { findReferralParties, listWorkplacesFor, writeReferrer } from "@/lib/db/qr";
import type { Message } from "@/lib/i18n/message";
import { checkReferrer, referralWindowStart, type ReferringViewer } from "@/lib/loyalty/referrer";
import { REFERRER_MESSAGES } from "@/lib/validation/qr";

// The personal QR page /qr/[user_id] as a friend sees it: what the viewer may
// do there, and naming the QR's owner as their referrer (the referral rule:
// lib/loyalty/referrer.ts; messages: lib/validation/qr.ts).

export type QrReferralState =
  /** `reason`: the refusal (REFERRER_MESSAGES) the page shows in the viewer's language. */
  { state: "available" } | { state: "this-friend" } | { state: "unavailable"; reason: Message };

export type QrViewerContext =
  | { kind: "self" }
  | { kind: "signed-in"; businesses: { id: string; name: string; linked: boolean }[]; referral: QrReferralState };

/** What the signed-in viewer may do on someone's QR page. */
export async function getQrViewerContext(
  viewer: ReferringViewer,
  targetId: string,
  now: Date,
): Promise<QrViewerContext> {
  if (viewer.id === targetId) return { kind: "self" };
  // The businesses the viewer works at (owner or staff): the counter's actions.
  const businesses = await listWorkplacesFor(viewer.id, targetId);
  const check = checkReferrer(viewer, targetId, now);
  const referral: QrReferralState =
    viewer.referredById === targetId
      ? { state: "this-friend" }
      : check.ok
        ? { state: "available" }
        : { state: "unavailable", reason: REFERRER_MESSAGES[check.reason] };
  return { kind: "signed-in", businesses, referral };
}

/**
 * Names the QR's owner as the viewer's referrer. The rules are checked again
 * in the update's own WHERE (lib/db/qr.ts, writeReferrer), so two tabs racing
 * can't set it twice.
 */
export async function addReferrer(viewerId: string, referrerId: string, now: Date = new Date()): Promise<ActionResult> {
  if (viewerId === referrerId) return failure(REFERRER_MESSAGES.self);
  const { viewer, referrer } = await findReferralParties(viewerId, referrerId);
  if (!viewer) return failure(SIGNED_OUT_MESSAGE);
  if (!referrer) return failure(REFERRER_MESSAGES.not_found);
  const check = checkReferrer(viewer, referrerId, now);
  if (!check.ok) return failure(REFERRER_MESSAGES[check.reason]);
  return (await writeReferrer(viewerId, referrerId, referralWindowStart(now)))
    ? { ok: true }
    : failure(REFERRER_MESSAGES.already_set);
}
