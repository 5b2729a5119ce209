import "server-only";
import {
  campaignSentData,
  insertEventMessages,
  rewardEarnedData,
  rewardRedeemedData,
  type WebhookEventRow,
} from "@/lib/db/webhooks";
import { sql, type SqlExecutor } from "@/lib/db/sql";
import { enqueue, type JobRequest } from "@/lib/jobs/enqueue";
import { cardNumberFor } from "@/lib/loyalty/card-number";
import type { WebhookEventData } from "@/lib/webhooks/events";
import type { RecordedVisit } from "@/lib/db/visit-types";

// What a change announces to the business's webhook endpoints (docs/webhooks.md,
// "Events"), written by the change's own transaction: one message per
// subscribed endpoint and its first delivery job. A change that rolls back
// announces nothing; a business without endpoints pays one indexed probe (a
// visit not even that: its first statement looked).

/** The first attempt of each message: one job, keyed so the same message is never queued twice. */
export function firstAttempts(messageIds: readonly string[]): JobRequest[] {
  return messageIds.map((messageId) => ({
    name: "webhook.deliver" as const,
    data: { messageId, attempt: 1 },
    key: `webhook:${messageId}:1`,
  }));
}

async function announce(tx: SqlExecutor, businessId: string, events: readonly WebhookEventRow[]): Promise<void> {
  const ids = await insertEventMessages(tx, businessId, events);
  if (ids.length) await enqueue(firstAttempts(ids), tx);
}

const json = (data: unknown) => sql`${JSON.stringify(data)}::jsonb`;

/** A recorded visit: visit.recorded, customer.joined for a customer's first one here, reward.earned for each reward it issued. */
export type VisitFacts = RecordedVisit;

export async function visitAnnounced(tx: SqlExecutor, visit: VisitFacts): Promise<void> {
  // The visit statement looked already: a business without an enabled endpoint (most) costs the tap nothing here.
  if (!visit.webhookEndpoints) return;
  const customer = { id: visit.membershipId, cardNumber: cardNumberFor(visit.membershipId) };
  const events: WebhookEventRow[] = [];
  if (visit.joined) {
    const data: WebhookEventData<"customer.joined"> = { customer, joinedAt: visit.at.toISOString() };
    events.push({
      type: "customer.joined",
      key: `customer.joined:${visit.membershipId}`,
      at: visit.at,
      data: json(data),
    });
  }
  const recorded: WebhookEventData<"visit.recorded"> = {
    visitId: visit.tapId,
    customer,
    programIds: visit.programIds,
    source: visit.source,
    locationId: visit.locationId,
    recordedAt: visit.at.toISOString(),
  };
  events.push({ type: "visit.recorded", key: `visit.recorded:${visit.tapId}`, at: visit.at, data: json(recorded) });
  for (const rewardId of visit.rewardIds)
    events.push({
      type: "reward.earned",
      key: `reward.earned:${rewardId}`,
      at: visit.at,
      data: rewardEarnedData(rewardId),
    });
  await announce(tx, visit.businessId, events);
}

/** A reward issued outside a visit (an owner's adjustment, a guest's merge, a campaign's offer). */
export async function rewardEarnedAnnounced(
  tx: SqlExecutor,
  reward: { id: string; businessId: string },
  at = new Date(),
): Promise<void> {
  await announce(tx, reward.businessId, [
    { type: "reward.earned", key: `reward.earned:${reward.id}`, at, data: rewardEarnedData(reward.id) },
  ]);
}

/** A reward redeemed at the counter. An undo and a second redemption announce again (the key counts the redemption). */
export async function rewardRedeemedAnnounced(
  tx: SqlExecutor,
  reward: { id: string; businessId: string },
  at: Date,
): Promise<void> {
  await announce(tx, reward.businessId, [
    {
      type: "reward.redeemed",
      key: `reward.redeemed:${reward.id}:${at.toISOString()}`,
      at,
      data: rewardRedeemedData(reward.id),
    },
  ]);
}

/** A campaign finished sending. */
export async function campaignSentAnnounced(
  tx: SqlExecutor,
  campaign: { id: string; businessId: string },
  at: Date,
): Promise<void> {
  await announce(tx, campaign.businessId, [
    { type: "campaign.sent", key: `campaign.sent:${campaign.id}`, at, data: campaignSentData(campaign.id) },
  ]);
}
