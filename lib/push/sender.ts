import "server-only";
import webpush from "web-push";
import type { PushConfig } from "@/lib/push/config";

// Sending one push message (RFC 8030) to one browser's push service: the
// payload encrypted for that browser (RFC 8291, aes128gcm) and the request
// signed with our VAPID key (RFC 8292). web-push builds the request; it is
// sent with fetch, so the same code reaches a browser vendor's push service
// over https and the tests' stand-in push service on loopback.

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushMessage = {
  /** The text the service worker's `push` event reads (JSON of ours). */
  payload: string;
  /** How long the push service keeps the message for a browser that is offline. */
  ttlSeconds: number;
  urgency?: "very-low" | "low" | "normal" | "high";
};

/** The push service refused the message; 404 and 410 mean the subscription is gone for good. */
export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    host: string,
  ) {
    // The endpoint's path is the subscription's secret address: only its host is named.
    super(`push service ${host} answered ${status}`);
    this.name = "PushServiceError";
  }

  get gone(): boolean {
    return this.status === 404 || this.status === 410;
  }
}

export interface PushSender {
  /** Resolves once the push service accepted the message (2xx); throws PushServiceError or a network error. */
  send(target: PushTarget, message: PushMessage): Promise<void>;
}

/** The product's sender: web-push's encryption and VAPID signature, sent with fetch. */
export class WebPushSender implements PushSender {
  constructor(
    private readonly config: PushConfig,
    private readonly timeoutMs = 15_000,
  ) {}

  async send(target: PushTarget, message: PushMessage): Promise<void> {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      message.payload,
      {
        vapidDetails: {
          subject: this.config.subject,
          publicKey: this.config.publicKey,
          privateKey: this.config.privateKey,
        },
        TTL: message.ttlSeconds,
        urgency: message.urgency ?? "normal",
        contentEncoding: "aes128gcm",
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // fetch sets the length of the body itself.
      if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
    }
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The answer's body is not needed, but is read so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new PushServiceError(response.status, new URL(target.endpoint).host);
  }
}
