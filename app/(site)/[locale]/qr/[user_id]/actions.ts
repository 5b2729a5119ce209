"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import { addReferrer, linkCustomerViaQr, recordVisitViaQr, type QrVisitSummary } from "@/lib/db/qr";
import {
  QR_BUSINESS_NOT_FOUND_MESSAGE,
  QR_INVALID_REQUEST_MESSAGE,
  qrBusinessActionSchema,
  qrReferrerSchema,
} from "@/lib/validation/qr";

// Failures carry catalog keys; the action builder answers them in the caller's language.
const invalid = [failure(QR_INVALID_REQUEST_MESSAGE)];

// The counter's actions: the business's owner or its staff. linkCustomerViaQr and
// recordVisitViaQr match them again in their own queries (the visit in its first
// statement), so a member revoked a moment ago is refused there too.
const counter = {
  of: ([input]: [{ businessId: string }]) => input.businessId,
  notFound: failure(QR_BUSINESS_NOT_FOUND_MESSAGE),
};

export const linkCustomerAction = action(
  { role: "staff", args: [qrBusinessActionSchema], invalid, business: counter },
  async ({ args: [input], user }): Promise<ActionResult<{ businessName: string; created: boolean }>> =>
    linkCustomerViaQr(user.id, input.businessId, input.customerId),
);

export const recordQrVisitAction = action(
  { role: "staff", args: [qrBusinessActionSchema], invalid, business: counter },
  async ({ args: [input], user }): Promise<ActionResult<{ visit: QrVisitSummary }>> =>
    recordVisitViaQr(user.id, input.businessId, input.customerId, requestNow(await headers())),
);

export const addReferrerAction = action(
  { role: "user", args: [qrReferrerSchema], invalid },
  async ({ args: [input], user }): Promise<ActionResult> =>
    addReferrer(user.id, input.referrerId, requestNow(await headers())),
);
