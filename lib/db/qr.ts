import "server-only";
import { cache } from "react";
import { z } from "zod";
import { db } from "@/lib/db";
import { LIMIT_REACHED_MESSAGE, recordVisit } from "@/lib/db/visits";

// The personal QR page /qr/[user_id]: what a viewer may
// see about the QR's owner and what they may do with it. Every function here
// takes the viewer's id from a verified session and re-checks its rules.

/** A customer may name the friend who brought them within this many days of signing up. */
export const REFERRAL_WINDOW_DAYS = 30;

export const qrUserIdSchema = z.uuid();

type NameParts = { firstName: string | null; lastName: string | null; name: string | null };

/** "Jordi V.": first name and last initial; never the email or phone. */
export function qrDisplayName({ firstName, lastName, name }: NameParts): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = firstName?.trim() || words[0] || "";
  const last = lastName?.trim() || (firstName?.trim() ? "" : words.slice(1).join(" "));
  if (!first) return last ? `${last.charAt(0).toUpperCase()}.` : "Loyaltap member";
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export type ReferrerCheck = { ok: true } | { ok: false; reason: "self" | "already_set" | "window_closed" };

/** Once, never yourself, and only in the first 30 days after the viewer signed up. */
export function checkReferrer(
  viewer: { id: string; createdAt: Date; referredById: string | null },
  referrerId: string,
  now: Date,
): ReferrerCheck {
  if (viewer.id === referrerId) return { ok: false, reason: "self" };
  if (viewer.referredById) return { ok: false, reason: "already_set" };
  if (now.getTime() - viewer.createdAt.getTime() > REFERRAL_WINDOW_DAYS * 86_400_000) return { ok: false, reason: "window_closed" };
  return { ok: true };
}

export const REFERRER_MESSAGES: Record<Exclude<ReferrerCheck, { ok: true }>["reason"] | "not_found", string> = {
  self: "You can't be your own referrer.",
  already_set: "You have already named a referrer.",
  window_closed: `A referrer can only be added within ${REFERRAL_WINDOW_DAYS} days of signing up.`,
  not_found: "This QR code doesn't belong to an active account.",
};

export type QrProfile = { id: string; displayName: string; initial: string };

/** The QR owner as anyone may see them, or null for an unknown, malformed or disabled id (memoised per request). */
export const getQrProfile = cache(async (userId: string): Promise<QrProfile | null> => {
  if (!qrUserIdSchema.safeParse(userId).success) return null;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, firstName: true, lastName: true, name: true, disabledAt: true },
  });
  if (!user || user.disabledAt) return null;
  const displayName = qrDisplayName(user);
  return { id: user.id, displayName, initial: displayName.charAt(0).toUpperCase() };
});

export type QrReferralState = { state: "available" } | { state: "this-friend" } | { state: "unavailable"; reason: string };

export type QrViewerContext =
  | { kind: "self" }
  | { kind: "signed-in"; businesses: { id: string; name: string; linked: boolean }[]; referral: QrReferralState };

/** What the signed-in viewer may do on someone's QR page. */
export async function getQrViewerContext(
  viewer: { id: string; createdAt: Date; referredById: string | null },
  targetId: string,
  now: Date,
): Promise<QrViewerContext> {
  if (viewer.id === targetId) return { kind: "self" };
  const businesses = await db.business.findMany({
    where: { ownerId: viewer.id },
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

export type QrActionResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

/** The owner's business and the customer, both checked; the owner never acts on themselves. */
async function ownerAndCustomer(ownerId: string, businessId: string, customerId: string) {
  if (ownerId === customerId) return { ok: false as const, error: "You can't do this with your own QR code." };
  const [business, customer] = await Promise.all([
    db.business.findFirst({ where: { id: businessId, ownerId }, select: { id: true, name: true } }),
    db.user.findUnique({ where: { id: customerId }, select: { id: true, disabledAt: true } }),
  ]);
  if (!business) return { ok: false as const, error: "Business not found." };
  if (!customer || customer.disabledAt) return { ok: false as const, error: REFERRER_MESSAGES.not_found };
  return { ok: true as const, business };
}

/** Links the customer to the owner's business through the QR, if not linked yet. */
export async function linkCustomerViaQr(
  ownerId: string,
  businessId: string,
  customerId: string,
): Promise<QrActionResult<{ businessName: string; created: boolean }>> {
  const checked = await ownerAndCustomer(ownerId, businessId, customerId);
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
  programs: { name: string; message: string }[];
  rewards: { name: string; code: string }[];
};

/**
 * Records a visit for the customer at the owner's business: the same engine
 * and daily tap limit as a tap on a tag (lib/db/visits).
 */
export async function recordVisitViaQr(
  ownerId: string,
  businessId: string,
  customerId: string,
  now: Date = new Date(),
): Promise<QrActionResult<{ visit: QrVisitSummary }>> {
  const checked = await ownerAndCustomer(ownerId, businessId, customerId);
  if (!checked.ok) return checked;
  const outcome = await recordVisit({ userId: customerId, businessId, tagId: null, source: "QR", now });
  if (!outcome.ok) {
    if (outcome.reason === "limit_reached") return { ok: false, error: LIMIT_REACHED_MESSAGE };
    if (outcome.reason === "customer_not_found") return { ok: false, error: REFERRER_MESSAGES.not_found };
    return { ok: false, error: "Business not found." };
  }
  return {
    ok: true,
    visit: {
      businessName: checked.business.name,
      newlyLinked: outcome.newlyLinked,
      programs: outcome.programs.map((p) => ({ name: p.programName, message: p.summary.message })),
      rewards: outcome.rewards.map((r) => ({ name: r.name, code: r.code })),
    },
  };
}

/**
 * Names the QR's owner as the viewer's referrer. The rules are checked in the
 * update's own WHERE, so two tabs racing can't set it twice.
 */
export async function addReferrer(viewerId: string, referrerId: string, now: Date = new Date()): Promise<QrActionResult> {
  if (viewerId === referrerId) return { ok: false, error: REFERRER_MESSAGES.self };
  const [viewer, referrer] = await Promise.all([
    db.user.findUnique({ where: { id: viewerId }, select: { id: true, createdAt: true, referredById: true, disabledAt: true } }),
    db.user.findUnique({ where: { id: referrerId }, select: { id: true, disabledAt: true } }),
  ]);
  if (!viewer || viewer.disabledAt) return { ok: false, error: "Please log in again." };
  if (!referrer || referrer.disabledAt) return { ok: false, error: REFERRER_MESSAGES.not_found };
  const check = checkReferrer(viewer, referrerId, now);
  if (!check.ok) return { ok: false, error: REFERRER_MESSAGES[check.reason] };
  const windowStart = new Date(now.getTime() - REFERRAL_WINDOW_DAYS * 86_400_000);
  const { count } = await db.user.updateMany({
    where: { id: viewerId, referredById: null, createdAt: { gte: windowStart } },
    data: { referredById: referrerId },
  });
  return count === 1 ? { ok: true } : { ok: false, error: REFERRER_MESSAGES.already_set };
}

/** Inputs of the QR page's actions (ids come from the page; the server re-checks them). */
export const qrBusinessActionSchema = z.object({ customerId: z.uuid(), businessId: z.uuid() });
export const qrReferrerSchema = z.object({ referrerId: z.uuid() });
