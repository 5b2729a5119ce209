import "server-only";
import { cache } from "react";
import { failure, SIGNED_OUT_MESSAGE, type ActionResult } from "@/lib/actions/result";
import { db } from "@/lib/db";
import { worksAt } from "@/lib/db/business-access";
import { recordVisit } from "@/lib/tap/record-visit";
import type { LoyaltyLine } from "@/lib/loyalty/lines";
import { checkReferrer, referralWindowStart, type ReferringViewer } from "@/lib/loyalty/referrer";
import { displayName } from "@/lib/users/display-name";
import {
  OWN_QR_MESSAGE,
  QR_BUSINESS_NOT_FOUND_MESSAGE,
  QR_LIMIT_REACHED_MESSAGE,
  qrUserIdSchema,
  REFERRER_MESSAGES,
} from "@/lib/validation/qr";

// The personal QR page /qr/[user_id]: what a viewer may
// see about the QR's owner and what they may do with it. Every function here
// takes the viewer's id from a verified session and re-checks its rules
// (the referral rule: lib/loyalty/referrer.ts; inputs and messages:
// lib/validation/qr.ts).

export type QrProfile = { id: string; displayName: string; initial: string };

/** The QR owner as anyone may see them, or null for an unknown, malformed or disabled id (memoised per request). */
export const getQrProfile = cache(async (userId: string): Promise<QrProfile | null> => {
  if (!qrUserIdSchema.safeParse(userId).success) return null;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, firstName: true, lastName: true, name: true, disabledAt: true },
  });
  if (!user || user.disabledAt) return null;
  const name = displayName(user);
  return { id: user.id, displayName: name, initial: name.charAt(0).toUpperCase() };
});

export type QrReferralState =
  /** `reason`: a catalog key (REFERRER_MESSAGES) the page shows in the viewer's language. */
  { state: "available" } | { state: "this-friend" } | { state: "unavailable"; reason: string };

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
  const businesses = await db.business.findMany({
    where: worksAt(viewer.id),
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, memberships: { where: { userId: targetId }, select: { id: true } } },
  });
  const check = checkReferrer(viewer, targetId, now);
  const referral: QrReferralState =
    viewer.referredById === targetId
      ? { state: "this-friend" }
      : check.ok
        ? { state: "available" }
        : { state: "unavailable", reason: REFERRER_MESSAGES[check.reason] };
  return {
    kind: "signed-in",
    businesses: businesses.map((b) => ({ id: b.id, name: b.name, linked: b.memberships.length > 0 })),
    referral,
  };
}

/**
 * A business the worker (its owner or staff) works at, and the customer, both
 * checked; nobody acts on their own QR.
 */
async function workerAndCustomer(workerId: string, businessId: string, customerId: string) {
  if (workerId === customerId) return failure(OWN_QR_MESSAGE);
  const [business, customer] = await Promise.all([
    db.business.findFirst({ where: { id: businessId, ...worksAt(workerId) }, select: { id: true, name: true } }),
    db.user.findUnique({ where: { id: customerId }, select: { id: true, disabledAt: true } }),
  ]);
  if (!business) return failure(QR_BUSINESS_NOT_FOUND_MESSAGE);
  if (!customer || customer.disabledAt) return failure(REFERRER_MESSAGES.not_found);
  return { ok: true as const, business };
}

/** Links the customer to a business the worker works at through the QR, if not linked yet. */
export async function linkCustomerViaQr(
  workerId: string,
  businessId: string,
  customerId: string,
): Promise<ActionResult<{ businessName: string; created: boolean }>> {
  const checked = await workerAndCustomer(workerId, businessId, customerId);
  if (!checked.ok) return checked;
  // An existing link keeps how and when it was made.
  const { count } = await db.membership.createMany({
    data: [{ userId: customerId, businessId, via: "QR" }],
    skipDuplicates: true,
  });
  return { ok: true, businessName: checked.business.name, created: count === 1 };
}

export type QrVisitSummary = {
  businessName: string;
  newlyLinked: boolean;
  /** Each program's line after the visit, rendered in the owner's language by the page. */
  programs: { name: string; line: LoyaltyLine }[];
  rewards: { name: string; code: string }[];
};

/**
 * Records a visit for the customer at a business the worker (owner or staff)
 * works at: the same engine and daily tap limit as a tap on a tag
 * (lib/db/visits). The visit's own statement checks the worker again, and the
 * audit entry (VISIT_RECORDED, with who) commits with it.
 */
export async function recordVisitViaQr(
  workerId: string,
  businessId: string,
  customerId: string,
  now: Date = new Date(),
): Promise<ActionResult<{ visit: QrVisitSummary }>> {
  const checked = await workerAndCustomer(workerId, businessId, customerId);
  if (!checked.ok) return checked;
  return recordCounterVisit(workerId, checked.business, customerId, now);
}

/**
 * The visit itself, once the caller has checked who may record it at
 * `business` (the QR page and a customer's card: its owner or staff). The
 * visit's own statement checks the worker again, and the audit entry
 * (VISIT_RECORDED, with who) commits with it.
 */
export async function recordCounterVisit(
  workerId: string,
  business: { id: string; name: string },
  customerId: string,
  now: Date,
): Promise<ActionResult<{ visit: QrVisitSummary }>> {
  const outcome = await recordVisit({
    userId: customerId,
    businessId: business.id,
    tagId: null,
    source: "QR",
    now,
    actorId: workerId,
  });
  if (!outcome.ok) {
    if (outcome.reason === "limit_reached") return failure(QR_LIMIT_REACHED_MESSAGE);
    if (outcome.reason === "customer_not_found") return failure(REFERRER_MESSAGES.not_found);
    return failure(QR_BUSINESS_NOT_FOUND_MESSAGE);
  }
  return {
    ok: true,
    visit: {
      businessName: business.name,
      newlyLinked: outcome.newlyLinked,
      programs: outcome.programs.map((p) => ({ name: p.programName, line: p.summary.line })),
      rewards: outcome.rewards.map((r) => ({ name: r.name, code: r.code })),
    },
  };
}

/**
 * Names the QR's owner as the viewer's referrer. The rules are checked in the
 * update's own WHERE, so two tabs racing can't set it twice.
 */
export async function addReferrer(viewerId: string, referrerId: string, now: Date = new Date()): Promise<ActionResult> {
  if (viewerId === referrerId) return failure(REFERRER_MESSAGES.self);
  const [viewer, referrer] = await Promise.all([
    db.user.findUnique({
      where: { id: viewerId },
      select: { id: true, createdAt: true, referredById: true, disabledAt: true },
    }),
    db.user.findUnique({ where: { id: referrerId }, select: { id: true, disabledAt: true } }),
  ]);
  if (!viewer || viewer.disabledAt) return failure(SIGNED_OUT_MESSAGE);
  if (!referrer || referrer.disabledAt) return failure(REFERRER_MESSAGES.not_found);
  const check = checkReferrer(viewer, referrerId, now);
  if (!check.ok) return failure(REFERRER_MESSAGES[check.reason]);
  const { count } = await db.user.updateMany({
    where: { id: viewerId, referredById: null, createdAt: { gte: referralWindowStart(now) } },
    data: { referredById: referrerId },
  });
  return count === 1 ? { ok: true } : failure(REFERRER_MESSAGES.already_set);
}
