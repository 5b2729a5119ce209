import "server-only";
import { deletePushSubscriptionById, listPushSubscriptions } from "@/lib/db/push";
import type { Locale } from "@/lib/i18n/locales";
import type { CampaignMessage } from "@/lib/campaigns/message";
import { pushConfig, testPushOrigins } from "@/lib/push/config";
import { PUSH_ICON } from "@/lib/push/notification";
import { PushEndpointRefused, PushServiceError, WebPushSender } from "@/lib/push/sender";

// The web push channel: the message to every browser the customer subscribed.
// Delivered when at least one push service accepted it; a subscription the
// service calls gone is forgotten, as for reward pushes (docs/notifications-push.md).

const DAY_SECONDS = 24 * 3600;

export function pushAvailable(): boolean {
  return pushConfig() !== null;
}

/** "sent" when a browser's push service took it, "none" when no subscription is left; throws when all failed. */
export async function sendCampaignPush(
  userId: string,
  message: CampaignMessage,
  tag: string,
  locale: Locale,
): Promise<"sent" | "none"> {
  const config = pushConfig();
  if (!config) return "none";
  const subscriptions = await listPushSubscriptions(userId);
  const sender = new WebPushSender(config, { extraOrigins: testPushOrigins() });
  const payload = JSON.stringify({ ...message.push, tag, icon: PUSH_ICON, lang: locale });
  let sent = 0;
  const failures: string[] = [];
  for (const subscription of subscriptions) {
    try {
      // Low urgency and a day's keeping: news is not worth waking a phone at once or arriving late.
      await sender.send(subscription, { payload, ttlSeconds: DAY_SECONDS, urgency: "low" });
      sent++;
    } catch (error) {
      if ((error instanceof PushServiceError && error.gone) || error instanceof PushEndpointRefused)
        await deletePushSubscriptionById(subscription.id);
      else failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (sent > 0) return "sent";
  if (failures.length) throw new Error(`campaign push: ${failures.join("; ")}`);
  return "none";
}
