import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { PushSubscriptionInput } from "@/lib/validation/push";

// Browsers' push subscriptions and the record of what was pushed to each
// (docs/notifications-push.md). Every function that takes a userId is called
// with a verified session's user and matches it in the statement itself.

/** The most browsers one account keeps subscribed; an older one gives way to a newer. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** A stable, non-reversible name of an endpoint, for the page to tell whether this browser is subscribed. */
export function endpointDigest(endpoint: string): string {
  return createHash("sha256").update(endpoint).digest("hex");
}

/**
 * Stores this browser's subscription for the user. The endpoint names one
 * browser profile: whoever opts in on it last owns it, so a shared computer
 * never shows the previous person's rewards.
 */
export async function savePushSubscription(
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  const fields = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent };
  await db.pushSubscription.upsert({
    where: { endpoint: input.endpoint },
    create: { endpoint: input.endpoint, ...fields },
    update: fields,
  });
  const beyond = await db.pushSubscription.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: MAX_PUSH_SUBSCRIPTIONS_PER_USER,
    select: { id: true },
  });
  if (beyond.length) await db.pushSubscription.deleteMany({ where: { userId, id: { in: beyond.map((s) => s.id) } } });
}

/** Forgets the user's subscription at `endpoint` (someone else's is left alone); true when one was deleted. */
export async function deletePushSubscription(userId: string, endpoint: string): Promise<boolean> {
  const { count } = await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
  return count > 0;
}

/** Digests of the user's subscribed endpoints (see endpointDigest). */
export async function pushEndpointDigests(userId: string): Promise<string[]> {
  const rows = await db.pushSubscription.findMany({ where: { userId }, select: { endpoint: true } });
  return rows.map((row) => endpointDigest(row.endpoint));
}

/** Whether the user has ever been given a reward: the wallet offers notifications from then on. */
export async function hasHadReward(userId: string): Promise<boolean> {
  return (await db.reward.findFirst({ where: { userId }, select: { id: true } })) !== null;
}

export type StoredPushSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

export function listPushSubscriptions(userId: string): Promise<StoredPushSubscription[]> {
  return db.pushSubscription.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
  });
}

/** The push service says this subscription is gone (404/410): it is never pushed to again. */
export async function deletePushSubscriptionById(id: string): Promise<void> {
  await db.pushSubscription.deleteMany({ where: { id } });
}

/**
 * Claims the delivery of `eventKey` to one subscription: true when this run
 * may send it. False when it was sent already, or another run claimed it less
 * than `staleAfterSeconds` ago and may still be sending; a claim older than
 * that was left by a worker that died, and is taken over.
 */
export async function claimPushDelivery(
  subscriptionId: string,
  eventKey: string,
  staleAfterSeconds: number,
): Promise<boolean> {
  const rows = await db.$queryRaw<{ claimed: boolean }[]>`
    INSERT INTO "PushDelivery" ("subscriptionId", "eventKey", "claimedAt")
    VALUES (${subscriptionId}, ${eventKey}, now())
    ON CONFLICT ("subscriptionId", "eventKey") DO UPDATE SET "claimedAt" = now()
      WHERE "PushDelivery"."sentAt" IS NULL
        AND "PushDelivery"."claimedAt" < now() - make_interval(secs => ${staleAfterSeconds})
    RETURNING true AS claimed`;
  return rows.length === 1;
}

export async function markPushDelivered(subscriptionId: string, eventKey: string): Promise<void> {
  await db.pushDelivery.updateMany({ where: { subscriptionId, eventKey }, data: { sentAt: new Date() } });
}

/** A send that failed and will be retried: its claim is dropped so the retry may send. */
export async function releasePushDelivery(subscriptionId: string, eventKey: string): Promise<void> {
  await db.pushDelivery.deleteMany({ where: { subscriptionId, eventKey, sentAt: null } });
}

export type RewardForPush = {
  id: string;
  name: string;
  status: string;
  expiresAt: Date | null;
  businessId: string;
  businessName: string;
  timeZone: string;
  userId: string;
  language: string;
  notificationsEnabled: boolean;
};

/** The reward a push is about, with its business and its customer's settings; null when it or its customer is gone. */
export async function rewardForPush(rewardId: string): Promise<RewardForPush | null> {
  const reward = await db.reward.findUnique({
    where: { id: rewardId },
    select: {
      id: true,
      name: true,
      status: true,
      expiresAt: true,
      businessId: true,
      business: { select: { name: true, timezone: true } },
      user: { select: { id: true, language: true, notificationsEnabled: true, disabledAt: true } },
    },
  });
  if (!reward?.user || reward.user.disabledAt) return null;
  return {
    id: reward.id,
    name: reward.name,
    status: reward.status,
    expiresAt: reward.expiresAt,
    businessId: reward.businessId,
    businessName: reward.business.name,
    timeZone: reward.business.timezone,
    userId: reward.user.id,
    language: reward.user.language,
    notificationsEnabled: reward.user.notificationsEnabled,
  };
}
