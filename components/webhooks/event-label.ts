import type { WebhookEventType } from "@/lib/webhooks/events";

const LABELS = {
  "visit.recorded": "events.visitRecorded",
  "reward.earned": "events.rewardEarned",
  "reward.redeemed": "events.rewardRedeemed",
  "customer.joined": "events.customerJoined",
  "campaign.sent": "events.campaignSent",
} as const satisfies Record<WebhookEventType, string>;

/** The catalog key (in `webhooks`) of an event's name as owners read it. */
export function eventLabelKey(type: WebhookEventType): (typeof LABELS)[WebhookEventType] {
  return LABELS[type];
}
