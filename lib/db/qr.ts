import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";
import { worksAt } from "@/lib/db/business-access";
import type { LoyaltyLine } from "@/lib/loyalty/lines";
import { displayName } from "@/lib/users/display-name";
import { qrUserIdSchema } from "@/lib/validation/qr";

// The reads and writes of the personal QR page /qr/[user_id]. What a viewer
// may see and do there, and what each refusal says, is lib/qr/'s
// (viewer.ts, counter-visit.ts).

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

/** The businesses the viewer works at (owner or staff), oldest first, each with whether `customerId` is linked. */
export async function listWorkplacesFor(
  viewerId: string,
  customerId: string,
): Promise<{ id: string; name: string; linked: boolean }[]> {
  const businesses = await db.business.findMany({
    where: worksAt(viewerId),
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, memberships: { where: { userId: customerId }, select: { id: true } } },
  });
  return businesses.map((b) => ({ id: b.id, name: b.name, linked: b.memberships.length > 0 }));
}

export type CounterRefusal = "own_qr" | "business_not_found" | "customer_not_found";

/**
 * A business the worker (its owner or staff) works at, and the customer, both
 * checked; nobody acts on their own QR.
 */
export async function findWorkerAndCustomer(
  workerId: string,
  businessId: string,
  customerId: string,
): Promise<{ ok: true; business: { id: string; name: string } } | { ok: false; code: CounterRefusal }> {
  if (workerId === customerId) return { ok: false, code: "own_qr" };
  const [business, customer] = await Promise.all([
    db.business.findFirst({ where: { id: businessId, ...worksAt(workerId) }, select: { id: true, name: true } }),
    db.user.findUnique({ where: { id: customerId }, select: { id: true, disabledAt: true } }),
  ]);
  if (!business) return { ok: false, code: "business_not_found" };
  if (!customer || customer.disabledAt) return { ok: false, code: "customer_not_found" };
  return { ok: true, business };
}

/** Links the customer to the business through the QR if not linked yet (an existing link keeps how and when). */
export async function linkMembershipViaQr(customerId: string, businessId: string): Promise<{ created: boolean }> {
  const { count } = await db.membership.createMany({
    data: [{ userId: customerId, businessId, via: "QR" }],
    skipDuplicates: true,
  });
  return { created: count === 1 };
}

export type QrVisitSummary = {
  businessName: string;
  newlyLinked: boolean;
  /** Each program's line after the visit, rendered in the owner's language by the page. */
  programs: { name: string; line: LoyaltyLine }[];
  rewards: { name: string; code: string }[];
};

/** The viewer and the would-be referrer as the referral rule reads them; null for either gone or disabled. */
export async function findReferralParties(viewerId: string, referrerId: string) {
  const [viewer, referrer] = await Promise.all([
    db.user.findUnique({
      where: { id: viewerId },
      select: { id: true, createdAt: true, referredById: true, disabledAt: true },
    }),
    db.user.findUnique({ where: { id: referrerId }, select: { id: true, disabledAt: true } }),
  ]);
  return {
    viewer: viewer && !viewer.disabledAt ? viewer : null,
    referrer: referrer && !referrer.disabledAt ? referrer : null,
  };
}

/**
 * Names `referrerId` as the viewer's referrer, only while the viewer has none
 * and signed up at or after `signedUpSince`: the rule holds in the update's
 * own WHERE, so two tabs racing can't set it twice. False when nothing changed.
 */
export async function writeReferrer(viewerId: string, referrerId: string, signedUpSince: Date): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: { id: viewerId, referredById: null, createdAt: { gte: signedUpSince } },
    data: { referredById: referrerId },
  });
  return count === 1;
}
