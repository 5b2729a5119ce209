"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import {
  endpointEnabledSchema,
  endpointTargetSchema,
  registerEndpointSchema,
  resendMessageSchema,
} from "@/lib/validation/webhooks";
import {
  registerEndpoint,
  removeEndpoint,
  resendMessage,
  revealSecret,
  rotateSecret,
  sendTestMessage,
  setEnabled,
  type Outcome,
} from "@/lib/webhooks/manage";

// The owner's webhooks page (docs/webhooks.md). Only the owner: anyone else,
// staff included, gets the not-found of a business that does not exist.

const NOT_FOUND = failure("dashboard.business.notFound");
const owned = <T extends { businessId: string }>([input]: readonly [T]) => input.businessId;

function answer<T extends object>(outcome: Outcome<T>): ActionResult<T> {
  return outcome.ok ? outcome : failure(outcome.error);
}

export const registerWebhookAction = action(
  { role: "owner", args: [registerEndpointSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult<{ id: string }>> =>
    answer(await registerEndpoint(business!.id, input)),
);

export const revealWebhookSecretAction = action(
  { role: "owner", args: [endpointTargetSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult<{ secret: string }>> =>
    answer(await revealSecret(business!.id, input.endpointId)),
);

export const rotateWebhookSecretAction = action(
  { role: "owner", args: [endpointTargetSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult<{ secret: string }>> =>
    answer(await rotateSecret(business!.id, input.endpointId)),
);

export const setWebhookEnabledAction = action(
  { role: "owner", args: [endpointEnabledSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await setEnabled(business!.id, input.endpointId, input.enabled)),
);

export const deleteWebhookAction = action(
  { role: "owner", args: [endpointTargetSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await removeEndpoint(business!.id, input.endpointId)),
);

export const sendTestWebhookAction = action(
  { role: "owner", args: [endpointTargetSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await sendTestMessage(business!.id, input.endpointId)),
);

export const resendWebhookAction = action(
  { role: "owner", args: [resendMessageSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await resendMessage(business!.id, input.messageId)),
);
