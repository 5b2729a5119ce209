import { z } from "zod";
import { REFERRAL_WINDOW_DAYS, type ReferrerRefusal } from "@/lib/loyalty/referrer";

// Inputs of the personal QR page /qr/[user_id] and its actions (ids come from
// the page; the server re-checks them), and the messages its refusals show.

export const qrUserIdSchema = z.uuid();

export const qrBusinessActionSchema = z.object({ customerId: z.uuid(), businessId: z.uuid() });
export const qrReferrerSchema = z.object({ referrerId: z.uuid() });

export const REFERRER_MESSAGES: Record<ReferrerRefusal | "not_found", string> = {
  self: "You can't be your own referrer.",
  already_set: "You have already named a referrer.",
  window_closed: `A referrer can only be added within ${REFERRAL_WINDOW_DAYS} days of signing up.`,
  not_found: "This QR code doesn't belong to an active account.",
};

export const OWN_QR_MESSAGE = "You can't do this with your own QR code.";
export const QR_BUSINESS_NOT_FOUND_MESSAGE = "Business not found.";
