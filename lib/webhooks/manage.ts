import "server-only";
import { randomUUID } from "node:crypto";
import {
  claimResend,
  deleteEndpoint,
  getEndpoint,
  insertEndpoint,
  insertTestMessage,
  replaceEndpointSecret,
  setEndpointEnabled,
} from "@/lib/db/webhooks";
import { enqueue } from "@/lib/jobs/enqueue";
import type { MessageKey } from "@/lib/i18n/message";
import { cardNumberFor } from "@/lib/loyalty/card-number";
import { webhookEnv } from "@/lib/webhooks/env";
import type { WebhookEventData, WebhookEventType } from "@/lib/webhooks/events";
import { encryptWebhookSecret, decryptWebhookSecret } from "@/lib/webhooks/secret";
import { newWebhookSecret } from "@/lib/webhooks/sign";
import { checkTarget, systemResolver, type Resolver, type TargetRefusal } from "@/lib/webhooks/target";

// The owner's webhook endpoints (docs/webhooks.md, "Endpoints"): register,
// reveal or rotate the secret, turn on or off, delete, send a test, send a
// message again. Every call names the business the action builder checked.

export type Outcome<T extends object = object> = ({ ok: true } & T) | { ok: false; error: MessageKey };

const NOT_FOUND: Outcome<never> = { ok: false, error: "webhooks.errors.notFound" };

const REFUSALS: Record<TargetRefusal, MessageKey> = {
  invalid_url: "webhooks.validation.urlInvalid",
  not_https: "webhooks.validation.urlNotHttps",
  not_public: "webhooks.validation.urlNotPublic",
  unresolvable: "webhooks.validation.urlUnresolvable",
};

/** A new endpoint: the URL checked (https, every address public), a new secret stored encrypted. */
export async function registerEndpoint(
  businessId: string,
  input: { url: string; events: readonly WebhookEventType[] },
  resolve: Resolver = systemResolver,
): Promise<Outcome<{ id: string }>> {
  const target = await checkTarget(input.url, webhookEnv.LOYALTAP_TEST_WEBHOOK_ORIGINS, resolve);
  if (!target.ok) return { ok: false, error: REFUSALS[target.reason] };
  const id = randomUUID();
  await insertEndpoint({
    id,
    businessId,
    url: target.url.href,
    events: input.events,
    secretEncrypted: encryptWebhookSecret(id, newWebhookSecret()),
  });
  return { ok: true, id };
}

export async function revealSecret(businessId: string, endpointId: string): Promise<Outcome<{ secret: string }>> {
  const endpoint = await getEndpoint(businessId, endpointId);
  const secret = endpoint && decryptWebhookSecret(endpoint.id, endpoint.secretEncrypted);
  return secret ? { ok: true, secret } : NOT_FOUND;
}

/** A new secret at once: the receiver must be given it before the next delivery verifies. */
export async function rotateSecret(businessId: string, endpointId: string): Promise<Outcome<{ secret: string }>> {
  const secret = newWebhookSecret();
  const done = await replaceEndpointSecret(businessId, endpointId, encryptWebhookSecret(endpointId, secret));
  return done ? { ok: true, secret } : NOT_FOUND;
}

export async function setEnabled(businessId: string, endpointId: string, enabled: boolean): Promise<Outcome> {
  return (await setEndpointEnabled(businessId, endpointId, enabled)) ? { ok: true } : NOT_FOUND;
}

export async function removeEndpoint(businessId: string, endpointId: string): Promise<Outcome> {
  return (await deleteEndpoint(businessId, endpointId)) ? { ok: true } : NOT_FOUND;
}

/** Example data of each event, for the test message (ids marked as a test's). */
export function exampleData<T extends WebhookEventType>(type: T, now: Date): WebhookEventData<T> {
  const customer = { id: "test_customer", cardNumber: cardNumberFor("test_customer") };
  const at = now.toISOString();
  const examples: { [K in WebhookEventType]: WebhookEventData<K> } = {
    "visit.recorded": {
      visitId: "test_visit",
      customer,
      programIds: ["test_program"],
      source: "tap",
      locationId: "test_location",
      recordedAt: at,
    },
    "reward.earned": {
      rewardId: "test_reward",
      customer,
      programId: "test_program",
      name: "Test reward",
      expiresAt: null,
      earnedAt: at,
    },
    "reward.redeemed": {
      rewardId: "test_reward",
      customer,
      programId: "test_program",
      name: "Test reward",
      redeemedAt: at,
      locationId: "test_location",
    },
    "customer.joined": { customer, joinedAt: at },
    "campaign.sent": { campaignId: "test_campaign", name: "Test campaign", recipients: 0, finishedAt: at },
  };
  return examples[type];
}

/** A test message of the endpoint's first event, sent once (no retries), shown in its log. */
export async function sendTestMessage(businessId: string, endpointId: string, now = new Date()): Promise<Outcome> {
  const endpoint = await getEndpoint(businessId, endpointId);
  if (!endpoint) return NOT_FOUND;
  if (!endpoint.enabled) return { ok: false, error: "webhooks.errors.disabled" };
  const type = (endpoint.events[0] ?? "visit.recorded") as WebhookEventType;
  const payload = { type, timestamp: now.toISOString(), data: exampleData(type, now) };
  const messageId = await insertTestMessage(businessId, endpointId, type, payload);
  if (!messageId) return NOT_FOUND;
  await enqueue([
    { name: "webhook.deliver", data: { messageId, attempt: 1, manual: true }, key: `webhook:${messageId}:1` },
  ]);
  return { ok: true };
}

/** "Send again": one more attempt of a message that is not waiting for one. */
export async function resendMessage(businessId: string, messageId: string): Promise<Outcome> {
  const attempt = await claimResend(businessId, messageId);
  if (attempt === null) return { ok: false, error: "webhooks.errors.messageNotFound" };
  await enqueue([
    {
      name: "webhook.deliver",
      data: { messageId, attempt, manual: true },
      key: `webhook:${messageId}:${attempt}`,
    },
  ]);
  return { ok: true };
}
