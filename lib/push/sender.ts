import "server-only";
import webpush from "web-push";
import { outboundFetch, type HostResolver } from "@/lib/http/outbound-fetch";
import type { PushConfig } from "@/lib/push/config";
import { isPushEndpoint } from "@/lib/push/services";

// Sending one push message (RFC 8030) to one browser's push service: the
// payload encrypted for that browser (RFC 8291, aes128gcm) and the request
// signed with our VAPID key (RFC 8292). web-push builds the request; it is
// sent through the outbound guard (lib/http/outbound-fetch.ts), and only to a
// browser's push service (lib/push/services.ts), so a stored endpoint can never
// aim the worker at the servers beside it. The tests' stand-in push service on
// loopback is reached through the origins they allow (LOYALTAP_TEST_PUSH_ORIGINS).

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

/** The endpoint is not at a browser's push service: it can never be delivered to, so the subscription is forgotten. */
export class PushEndpointRefused extends Error {
  constructor(host: string) {
    super(`${host} is not a browser's push service`);
    this.name = "PushEndpointRefused";
  }
}

export interface PushSender {
  /**
   * Resolves once the push service accepted the message (2xx); throws
   * PushEndpointRefused, PushServiceError, OutboundRefused or a network error.
   */
  send(target: PushTarget, message: PushMessage): Promise<void>;
}

export type WebPushSenderOptions = {
  timeoutMs?: number;
  /** Origins posted to besides the push services, on any address: the tests' stand-in (testPushOrigins). */
  extraOrigins?: readonly string[];
  /** How host names are resolved (tests pass their own). */
  resolve?: HostResolver;
};

// A push service's answer is a status and a few bytes; anything larger is not one.
const MAX_ANSWER_BYTES = 64 * 1024;

/** The product's sender: web-push's encryption and VAPID signature, sent through the outbound guard. */
export class WebPushSender implements PushSender {
  constructor(
    private readonly config: PushConfig,
    private readonly options: WebPushSenderOptions = {},
  ) {}

  async send(target: PushTarget, message: PushMessage): Promise<void> {
    const url = new URL(target.endpoint);
    const extraOrigins = this.options.extraOrigins ?? [];
    if (!isPushEndpoint(target.endpoint, extraOrigins)) throw new PushEndpointRefused(url.host);
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
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      // The guard sets the length of the body itself.
      if (name.toLowerCase() !== "content-length") headers[name.toLowerCase()] = String(value);
    }
    const response = await outboundFetch(url, {
      method: "POST",
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      timeoutMs: this.options.timeoutMs ?? 15_000,
      maxBytes: MAX_ANSWER_BYTES,
      trustedOrigins: extraOrigins,
      resolve: this.options.resolve,
    });
    // A redirect is not followed (an answer like any other that is not 2xx).
    if (response.status < 200 || response.status > 299) throw new PushServiceError(response.status, url.host);
  }
}
