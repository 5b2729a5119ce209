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
} from "@/lib/db/push";
import { QUEUES } from "@/lib/jobs/queues";
import { storedLocale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";
import { pushConfig, testPushOrigins } from "@/lib/push/config";
import {
  pushTtlSeconds,
  rewardEventKey,
  rewardPushPayload,
  skipReason,
  type RewardPushKind,
} from "@/lib/push/notification";
import { PushEndpointRefused, PushServiceError, WebPushSender, type PushSender } from "@/lib/push/sender";
import { idString } from "@/lib/validation/text";

// The push jobs' work (lib/jobs/handlers.ts): one reward event pushed to every
// browser the customer subscribed, in their language. Safe to run twice: each
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
  const sender: PushSender = new WebPushSender(config, { extraOrigins: testPushOrigins() });

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
