import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/events";
import { idString, singleLineText } from "@/lib/validation/text";
import { MAX_URL_LENGTH } from "@/lib/webhooks/target";

// The owner's webhook forms and buttons (lib/actions/webhooks.ts). Whether the
// URL may be used (https, public) is decided by lib/webhooks/target.ts, which
// resolves its name; here only its shape.

const businessId = idString("dashboard.business.notFound");
const endpointId = idString("webhooks.errors.notFound");

export const registerEndpointSchema = z.object({
  businessId,
  url: singleLineText()
    .trim()
    .min(1, "webhooks.validation.urlRequired")
    .max(MAX_URL_LENGTH, "webhooks.validation.urlTooLong"),
  events: z
    .array(
      z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: "webhooks.validation.events" }),
      {
        error: "webhooks.validation.events",
      },
    )
    .min(1, "webhooks.validation.events")
    .max(WEBHOOK_EVENT_TYPES.length, "webhooks.validation.events")
    .transform((events) => [...new Set(events)]),
});
export type RegisterEndpointInput = z.infer<typeof registerEndpointSchema>;

export const endpointTargetSchema = z.object({ businessId, endpointId });

export const endpointEnabledSchema = z.object({ businessId, endpointId, enabled: z.boolean() });

export const resendMessageSchema = z.object({
  businessId,
  messageId: z.string().regex(/^msg_[0-9a-f]{32}$/, "webhooks.errors.messageNotFound"),
});
