import { z } from "zod";
import { message, type Message } from "@/lib/i18n/message";
import { REFERRAL_WINDOW_DAYS, type ReferrerRefusal } from "@/lib/loyalty/referrer";
import { singleLineText } from "@/lib/validation/text";

// Inputs of the personal QR page /qr/[user_id] and its actions (ids come from
// the page; the server re-checks them), and the messages its refusals show:
// catalog keys (messages/*/qr.json), answered in the reader's language.

export const qrUserIdSchema = z.uuid();

// `token`: the presence token of the QR the customer showed (lib/qr/presence-token.ts); a
// missing or stale one is refused with QR_NOT_PRESENT_MESSAGE, not as a malformed request.
// `locationId`: where the counter works (docs/locations.md, "The counter"); absent, the only
// location the worker may choose.
export const qrBusinessActionSchema = z.object({
  customerId: z.uuid(),
  businessId: z.uuid(),
  token: singleLineText().max(100).optional(),
  locationId: z.uuid().nullish(),
});
export const qrReferrerSchema = z.object({ referrerId: z.uuid() });

export const REFERRER_MESSAGES: Record<ReferrerRefusal | "not_found", Message> = {
  self: message("qr.referrer.self"),
  already_set: message("qr.referrer.alreadySet"),
  window_closed: message("qr.referrer.windowClosed", { days: REFERRAL_WINDOW_DAYS }),
  not_found: message("qr.referrer.notFound"),
};

export const OWN_QR_MESSAGE = "qr.errors.ownQr";
export const QR_BUSINESS_NOT_FOUND_MESSAGE = "qr.errors.businessNotFound";
export const QR_INVALID_REQUEST_MESSAGE = "qr.errors.invalidRequest";
export const QR_NOT_PRESENT_MESSAGE = "qr.errors.notPresent";
/** The tap's own words for the daily limit: a visit from the QR page counts against the same limit. */
export const QR_LIMIT_REACHED_MESSAGE = "tap.result.codes.limit_reached";
