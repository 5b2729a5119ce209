import { z } from "zod";

// The events a business's webhook endpoints can subscribe to (docs/webhooks.md)
// and the body each delivery carries, in the Standard Webhooks shape:
// { type, timestamp, data }. The schemas are the one description of a payload:
// the sender builds payloads through them and the OpenAPI document
// (/api/v1/openapi.json, its `webhooks`) is generated from them.
// Pure: no database, no server-only import.

const id = z.string().min(1);
const isoTime = z.iso.datetime();

const customer = z.object({
  id: id.describe("The customer's id in this business (stable, not their account's id)"),
  cardNumber: z.string().describe("The card number printed on the customer's card"),
});

export const webhookEventSchemas = {
  "visit.recorded": z.object({
    visitId: id,
    customer,
    programIds: z.array(id).describe("The programs the visit counted for"),
    source: z.enum(["tap", "staff", "api"]).describe("Where the visit was recorded"),
    locationId: id
      .nullable()
      .describe("The location it was recorded at (the tag's, the counter's or the one the API named); null for none"),
    recordedAt: isoTime,
  }),
  "reward.earned": z.object({
    rewardId: id,
    customer,
    programId: id.nullable().describe("The program that issued it; null for a one-off reward (a campaign's offer)"),
    name: z.string().describe("The reward's name as the owner wrote it"),
    expiresAt: isoTime.nullable(),
    earnedAt: isoTime,
  }),
  "reward.redeemed": z.object({
    rewardId: id,
    customer,
    programId: id.nullable(),
    name: z.string(),
    redeemedAt: isoTime,
    locationId: id
      .nullable()
      .describe("The location it was redeemed at (the counter's or the one the API named); null for none"),
  }),
  "customer.joined": z.object({
    customer,
    joinedAt: isoTime,
  }),
  "campaign.sent": z.object({
    campaignId: id,
    name: z.string(),
    recipients: z
      .number()
      .int()
      .nonnegative()
      .describe("Members the campaign was sent to, the held-out group not counted"),
    finishedAt: isoTime,
  }),
} as const;

export type WebhookEventType = keyof typeof webhookEventSchemas;
export const WEBHOOK_EVENT_TYPES = Object.keys(webhookEventSchemas) as WebhookEventType[];

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventSchemas)[T]>;

/** The body of one delivery: what the endpoint receives and the signature covers. */
export function webhookPayloadSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: isoTime.describe("When the event happened"),
    data: webhookEventSchemas[type],
  });
}
