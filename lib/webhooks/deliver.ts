import "server-only";
import { z } from "zod";
import { logAttempt, messageForDelivery, type AttemptFollowUp } from "@/lib/db/webhooks";
import type { SqlExecutor } from "@/lib/db/sql";
import { enqueue } from "@/lib/jobs/enqueue";
import { postWebhook, type PostResult } from "@/lib/webhooks/post";
import { nextAttemptAt } from "@/lib/webhooks/schedule";
import { decryptWebhookSecret } from "@/lib/webhooks/secret";
import { webhookHeaders } from "@/lib/webhooks/sign";
import { checkTarget, systemResolver, type Resolver } from "@/lib/webhooks/target";
import { webhookEnv } from "@/lib/webhooks/env";

// The webhook.deliver queue's handler (docs/webhooks.md, "Delivery"): one
// attempt of one message. The URL is checked again and its name resolved
// here, and the POST goes to the address checked. The attempt is logged with
// its status and latency; a 2xx settles the message, anything else queues the
// next attempt (./schedule.ts) in the transaction that logs this one, and the
// last failure of an endpoint that has not accepted anything since the
// message was created turns it off and queues the owner's mail. A job run
// twice logs its attempt once (the log's unique attempt number) and sends at
// most one more request, which receivers tell apart by `webhook-id`.

const job = z.object({
  messageId: z.string().regex(/^msg_[0-9a-f]{32}$/),
  attempt: z.number().int().min(1).max(1000),
  /** "Send again" or a test message: one attempt, no retries, never turns the endpoint off. */
  manual: z.boolean().optional(),
});

export type DeliveryOutcome = "delivered" | "failed" | "skipped" | "already logged";

export type DeliveryOptions = { now?: Date; resolve?: Resolver; timeoutMs?: number };

async function followUp(tx: SqlExecutor, messageId: string, next: AttemptFollowUp): Promise<void> {
  if (next.kind === "retry")
    await enqueue(
      [
        {
          name: "webhook.deliver",
          data: { messageId, attempt: next.attempt },
          key: `webhook:${messageId}:${next.attempt}`,
          startAfter: next.at,
        },
      ],
      tx,
    );
  if (next.kind === "endpoint-disabled")
    await enqueue(
      [{ name: "mail.webhook-disabled", data: { endpointId: next.endpointId }, key: `webhook-disabled:${messageId}` }],
      tx,
    );
}

export async function deliverWebhook(data: unknown, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const parsed = job.safeParse(data);
  if (!parsed.success) {
    console.error("Webhook job dropped: its data is not what the queue expects");
    return "skipped";
  }
  const { messageId, attempt, manual = false } = parsed.data;
  const message = await messageForDelivery(messageId);
  // Gone with its endpoint, or the endpoint turned off meanwhile (an owner's "send again" needs it on too).
  if (!message || !message.enabled) return "skipped";
  if (message.status === "SUCCEEDED" && !manual) return "skipped";

  const secret = decryptWebhookSecret(message.endpointId, message.secretEncrypted);
  const started = options.now ?? new Date();
  let result: PostResult;
  if (!secret) result = { statusCode: null, latencyMs: 0, error: "the signing secret cannot be read" };
  else {
    const target = await checkTarget(
      message.url,
      webhookEnv.LOYALTAP_TEST_WEBHOOK_ORIGINS,
      options.resolve ?? systemResolver,
    );
    if (!target.ok)
      result = { statusCode: null, latencyMs: 0, error: `refused: ${target.reason.replaceAll("_", " ")}` };
    else {
      const body = JSON.stringify(message.payload);
      result = await postWebhook(
        target.url,
        target.address,
        webhookHeaders(secret, message.id, body, started),
        body,
        options.timeoutMs,
      );
    }
  }
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const now = options.now ?? new Date();
  const logged = await logAttempt(
    {
      messageId,
      endpointId: message.endpointId,
      attempt,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: ok ? null : result.error,
      ok,
      retryAt: ok || manual ? null : nextAttemptAt(attempt, now),
      disableIfFailingSince: manual ? null : message.createdAt,
      now,
    },
    (tx, next) => followUp(tx, messageId, next),
  );
  if (!logged) return "already logged";
  return ok ? "delivered" : "failed";
}
