import { z } from "zod";
import { decodeBase64Url, isP256PublicKey } from "@/lib/push/keys";
import { isPushEndpoint } from "@/lib/push/services";
import { MAX_URL_LENGTH, singleLineText } from "@/lib/validation/text";

// A browser's push subscription (PushSubscription.toJSON()), as the wallet's
// opt-in sends it to the subscribe action. The worker later POSTs to its
// endpoint, so the endpoint must be at one of the browsers' push services
// (lib/push/services.ts), never a host we do not know, which would let anyone
// aim our worker at the servers beside it. The tests' stand-in push service
// is allowed through LOYALTAP_TEST_PUSH_ORIGINS, never in a public deployment.

export const PUSH_ENDPOINT_MESSAGE = "push.validation.endpoint";
export const PUSH_KEYS_MESSAGE = "push.validation.keys";
export const PUSH_SUBSCRIPTION_MESSAGE = "push.validation.subscription";

/**
 * The subscription to store. `extraOrigins` gives, at each parse, the origins
 * accepted besides the push services (the action passes the tests' stand-in's,
 * none in production).
 */
export function pushSubscriptionSchema({ extraOrigins }: { extraOrigins: () => readonly string[] }) {
  return z.object(
    {
      endpoint: singleLineText({ error: PUSH_ENDPOINT_MESSAGE })
        .max(MAX_URL_LENGTH, PUSH_ENDPOINT_MESSAGE)
        .refine((value) => isPushEndpoint(value, extraOrigins()), PUSH_ENDPOINT_MESSAGE),
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
