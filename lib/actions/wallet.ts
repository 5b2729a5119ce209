"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { deletePushSubscription, savePushSubscription } from "@/lib/db/push";
import { pushConfig, testPushOrigins } from "@/lib/push/config";
import { pushEndpointSchema, pushSubscriptionSchema } from "@/lib/validation/push";
import { hasNoControlCharacters } from "@/lib/validation/text";

export type PushSubscriptionResult = ActionResult;

// The browser's User-Agent, kept to tell a person's subscribed browsers apart: trimmed, and dropped if it holds controls.
function userAgentOf(value: string | null): string | null {
  const text = value?.trim().slice(0, 256) ?? "";
  return text && hasNoControlCharacters(text) ? text : null;
}

/** The wallet's opt-in: stores this browser's push subscription for the signed-in customer. */
export const subscribePushAction = action(
  // Only the browsers' push services; the tests' stand-in too, never in production.
  { role: "user", args: [pushSubscriptionSchema({ extraOrigins: testPushOrigins })] },
  async ({ args: [input], user }): Promise<PushSubscriptionResult> => {
    if (!pushConfig()) return failure("push.errors.unavailable");
    await savePushSubscription(user.id, input, userAgentOf((await headers()).get("user-agent")));
    return { ok: true };
  },
);

/** Turning reward notifications off in this browser: forgets its subscription (the caller's own only). */
export const unsubscribePushAction = action(
  { role: "user", args: [pushEndpointSchema] },
  async ({ args: [input], user }): Promise<PushSubscriptionResult> => {
    await deletePushSubscription(user.id, input.endpoint);
    return { ok: true };
  },
);
