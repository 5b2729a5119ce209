import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks signatures (https://www.standardwebhooks.com, docs/webhooks.md,
// "Verifying a webhook"): the secret is `whsec_` + base64 of random bytes; the
// signature is `v1,` + base64(HMAC-SHA256(key, "<id>.<timestamp>.<body>")) with
// the base64-decoded part after `whsec_` as the key. Pure.

export const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The key bytes a `whsec_…` secret stands for. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** The `webhook-signature` header's value for one message: `v1,<base64>`. */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac("sha256", secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's, in seconds). */
export function webhookHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": webhookSignature(secret, id, timestamp, body),
  };
}
