import { z } from "zod";
import { decodeBase64Url, isP256PublicKey } from "@/lib/push/keys";
import { MAX_URL_LENGTH, singleLineText } from "@/lib/validation/text";

// A browser's push subscription (PushSubscription.toJSON()), as the wallet's
// opt-in sends it to the subscribe action. The worker later POSTs to its
// endpoint, so the endpoint is held to what a browser's push service looks
// like: https on the default port, a public DNS name (never an address or a
// local name, which would let anyone aim our worker at the servers beside it).
// Outside production the local stand-in push service of the tests is allowed
// too: http://127.0.0.1:<port>/….

export const PUSH_ENDPOINT_MESSAGE = "push.validation.endpoint";
export const PUSH_KEYS_MESSAGE = "push.validation.keys";
export const PUSH_SUBSCRIPTION_MESSAGE = "push.validation.subscription";

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** True for an endpoint our worker may post to; `loopback` also admits http://127.0.0.1 (tests, never production). */
export function isPushEndpoint(value: string, loopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (loopback && url.hostname === "127.0.0.1" && (url.protocol === "http:" || url.protocol === "https:")) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname;
  if (host.startsWith("[") || IPV4.test(host) || !host.includes(".") || LOCAL_NAME.test(host)) return false;
  return true;
}

/** The subscription to store; `loopback` as in isPushEndpoint (the action passes "not production"). */
export function pushSubscriptionSchema({ loopback }: { loopback: boolean }) {
  return z.object(
    {
      endpoint: singleLineText({ error: PUSH_ENDPOINT_MESSAGE })
        .max(MAX_URL_LENGTH, PUSH_ENDPOINT_MESSAGE)
        .refine((value) => isPushEndpoint(value, loopback), PUSH_ENDPOINT_MESSAGE),
      keys: z.object(
        {
          // The browser's P-256 public key (RFC 8291 "ua_public").
          p256dh: z
            .string({ error: PUSH_KEYS_MESSAGE })
            .max(128, PUSH_KEYS_MESSAGE)
            .refine((value) => isP256PublicKey(decodeBase64Url(value)), PUSH_KEYS_MESSAGE),
          // The browser's 16-byte authentication secret.
          auth: z
            .string({ error: PUSH_KEYS_MESSAGE })
            .max(64, PUSH_KEYS_MESSAGE)
            .refine((value) => decodeBase64Url(value)?.length === 16, PUSH_KEYS_MESSAGE),
        },
        { error: PUSH_KEYS_MESSAGE },
      ),
    },
    { error: PUSH_SUBSCRIPTION_MESSAGE },
  );
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/** Turning notifications off in this browser: the endpoint to forget (only the caller's own is deleted). */
export const pushEndpointSchema = z.object(
  {
    endpoint: singleLineText({ error: PUSH_ENDPOINT_MESSAGE })
      .min(1, PUSH_ENDPOINT_MESSAGE)
      .max(MAX_URL_LENGTH, PUSH_ENDPOINT_MESSAGE),
  },
  { error: PUSH_SUBSCRIPTION_MESSAGE },
);
