"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import { addReferrer, linkCustomerViaQr, recordVisitViaQr, type QrVisitSummary } from "@/lib/db/qr";
import { QR_INVALID_REQUEST_MESSAGE, qrBusinessActionSchema, qrReferrerSchema } from "@/lib/validation/qr";

// Failures carry catalog keys; the action builder answers them in the caller's language.
const invalid = [failure(QR_INVALID_REQUEST_MESSAGE)];

// linkCustomerViaQr and recordVisitViaQr match the business's owner in their own query.
export const linkCustomerAction = action(
  { role: "owner", args: [qrBusinessActionSchema], invalid },
  async ({ args: [input], user }): Promise<ActionResult<{ businessName: string; created: boolean }>> =>
    linkCustomerViaQr(user.id, input.businessId, input.customerId),
);

export const recordQrVisitAction = action(
  { role: "owner", args: [qrBusinessActionSchema], invalid },
  async ({ args: [input], user }): Promise<ActionResult<{ visit: QrVisitSummary }>> =>
    recordVisitViaQr(user.id, input.businessId, input.customerId, requestNow(await headers())),
);

export const addReferrerAction = action(
  { role: "user", args: [qrReferrerSchema], invalid },
  async ({ args: [input], user }): Promise<ActionResult> =>
    addReferrer(user.id, input.referrerId, requestNow(await headers())),
);
