import "server-only";
import { expiryReminderMessage } from "@/lib/db/automations";
import { z } from "zod";
import {
  claimPushDelivery,
  deletePushSubscriptionById,
  listPushSubscriptions,
  markPushDelivered,
  releasePushDelivery,
  rewardForPush,
  type StoredPushSubscription,
} from "@/lib/db/push";
import { readTagAlertMail } from "@/lib/db/tag-health";
import { QUEUES } from "@/lib/jobs/queues";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { pushConfig, testPushOrigins } from "@/lib/push/config";
import {
  pushTtlSeconds,
  rewardEventKey,
  rewardPushPayload,
  skipReason,
  TAG_ALERT_PUSH_TTL_SECONDS,
  tagAlertEventKey,
  tagAlertPushPayload,
  tagAlertPushSkipReason,
  type RewardPushKind,
  type TagAlertPushKind,
} from "@/lib/push/notification";
import {
  PushEndpointRefused,
  PushServiceError,
  WebPushSender,
  type PushMessage,
  type PushSender,
} from "@/lib/push/sender";
import { idString } from "@/lib/validation/text";

// The push jobs' work (lib/jobs/handlers.ts): one reward event pushed to every
// browser the customer subscribed, or one tag health alert to every browser of
// the business's owner, in their language. Safe to run twice: each
// subscription's delivery is claimed first (PushDelivery), so a re-run skips
// the browsers already told and retries only the ones that failed.

const rewardJobSchema = z.object({ rewardId: idString(), userId: idString(), businessId: idString() });

export type PushOutcome =
  { skipped: string } | { sent: number; alreadySent: number; gone: number; failed: number; subscriptions: number };

/**
 * Pushes one reward event to the customer's browsers. Finishes without sending
 * when push is off, the job names a reward that is gone or not this customer's,
 * or the event no longer applies (skipReason). A subscription the push service
 * calls gone (404, 410), or whose endpoint is not at a push service, is deleted; any other failure is thrown after the other
 * browsers were tried, so the job is retried for the ones that failed.
 */
export async function deliverRewardPush(
  kind: RewardPushKind,
  data: unknown,
  now: Date = new Date(),
): Promise<PushOutcome> {
  const config = pushConfig();
  if (!config) return { skipped: "web push is off (no VAPID keys)" };
  const parsed = rewardJobSchema.safeParse(data);
  // A malformed job can never succeed: it is dropped, not retried.
  if (!parsed.success) return { skipped: "malformed job data" };
  const { rewardId, userId, businessId } = parsed.data;

  const reward = await rewardForPush(rewardId);
  if (!reward || reward.userId !== userId || reward.businessId !== businessId) return { skipped: "reward not found" };
  const reason = skipReason(kind, reward, now);
  if (reason) return { skipped: reason };
  const subscriptions = await listPushSubscriptions(userId);
  if (subscriptions.length === 0) return { skipped: "no subscriptions" };

  const locale = storedLocale(reward.language);
  const note = kind === "reward-expiring" ? await expiryReminderMessage(businessId) : null;
  const payload = JSON.stringify(rewardPushPayload(kind, reward, await getKeyTranslator(locale), locale, note));
  const message = { payload, ttlSeconds: pushTtlSeconds(reward, now), urgency: "normal" as const };
  const eventKey = rewardEventKey(kind, rewardId);
  // A claim older than a lost job's timeout was left by a worker that died mid-send.
  const staleAfter = QUEUES[kind === "reward-earned" ? "push.reward-earned" : "push.reward-expiring"].expireInSeconds;
  return pushToEach(
    subscriptions,
    eventKey,
    message,
    staleAfter,
    new WebPushSender(config, { extraOrigins: testPushOrigins() }),
  );
}

const tagAlertJobSchema = z.object({ alertId: idString() });

/**
 * push.tag-alert: a tag health episode (docs/tag-health.md) pushed to every
 * browser its business's owner subscribed, in the owner's language, once per
 * alert and browser. Finishes without sending when push is off, the alert or
 * its tag is gone, or the owner's settings say no (tagAlertPushSkipReason).
 */
export async function deliverTagAlertPush(data: unknown): Promise<PushOutcome> {
  const config = pushConfig();
  if (!config) return { skipped: "web push is off (no VAPID keys)" };
  const parsed = tagAlertJobSchema.safeParse(data);
  if (!parsed.success) return { skipped: "malformed job data" };
  const read = await readTagAlertMail(parsed.data.alertId);
  if (!read) return { skipped: "alert, tag or business gone" };
  const reason = tagAlertPushSkipReason({
    notificationsEnabled: read.owner.notificationsEnabled,
    disabled: read.owner.disabledAt !== null,
    businessWithdrawn: read.business.withdrawn,
    optedOut: read.optedOut,
  });
  if (reason) return { skipped: reason };
  const subscriptions = await listPushSubscriptions(read.owner.id);
  if (subscriptions.length === 0) return { skipped: "no subscriptions" };

  const locale = storedLocale(read.owner.language);
  const payload = tagAlertPushPayload(
    {
      alertId: read.id,
      kind: read.kind as TagAlertPushKind,
      tag: read.tag.label ?? read.tag.id,
      location: read.location,
      businessId: read.business.id,
      businessName: read.business.name,
      days: count(read.facts.days),
      taps: count(read.facts.taps),
      usual: count(read.facts.usual),
    },
    await getKeyTranslator(locale),
    locale,
  );
  const message = {
    payload: JSON.stringify(payload),
    ttlSeconds: TAG_ALERT_PUSH_TTL_SECONDS,
    urgency: "normal" as const,
  };
  return pushToEach(
    subscriptions,
    tagAlertEventKey(read.id),
    message,
    QUEUES["push.tag-alert"].expireInSeconds,
    new WebPushSender(config, { extraOrigins: testPushOrigins() }),
  );
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/**
 * Sends one event to each subscription, at most once each: the delivery is
 * claimed in the database first (PushDelivery, one row per subscription and
 * event), so a job that runs again sends only to the browsers that missed it.
 * A subscription the push service calls gone (404, 410), or whose endpoint is
 * not at a push service, is deleted; any other failure releases the claim and
 * is thrown after the other browsers were tried, so the job is retried.
 */
async function pushToEach(
  subscriptions: readonly StoredPushSubscription[],
  eventKey: string,
  message: PushMessage,
  /** A claim older than this (the queue's lost-job timeout) was left by a worker that died mid-send. */
  staleAfter: number,
  sender: PushSender,
): Promise<PushOutcome> {
  const outcome = { sent: 0, alreadySent: 0, gone: 0, failed: 0, subscriptions: subscriptions.length };
  const failures: string[] = [];
  for (const subscription of subscriptions) {
    if (!(await claimPushDelivery(subscription.id, eventKey, staleAfter))) {
      outcome.alreadySent++;
      continue;
    }
    try {
      await sender.send(subscription, message);
      await markPushDelivered(subscription.id, eventKey);
      outcome.sent++;
    } catch (error) {
      // Gone for good: the push service says so, or the endpoint is not at a push service at all
      // (one stored before the subscribe action refused such endpoints).
      if ((error instanceof PushServiceError && error.gone) || error instanceof PushEndpointRefused) {
        await deletePushSubscriptionById(subscription.id);
        outcome.gone++;
        continue;
      }
      await releasePushDelivery(subscription.id, eventKey);
      outcome.failed++;
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length)
    throw new Error(`push ${eventKey}: ${failures.length} of ${subscriptions.length} failed (${failures.join("; ")})`);
  return outcome;
}
