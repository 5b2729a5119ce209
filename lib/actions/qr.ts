"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import type { QrVisitSummary } from "@/lib/db/qr";
import { addReferrer } from "@/lib/qr/viewer";
import { linkPresentCustomer, recordPresentCustomerVisit } from "@/lib/qr/counter";
import {
  QR_BUSINESS_NOT_FOUND_MESSAGE,
  QR_INVALID_REQUEST_MESSAGE,
  qrBusinessActionSchema,
  qrReferrerSchema,
} from "@/lib/validation/qr";

// Failures carry catalog keys; the action builder answers them in the caller's language.
const invalid = [failure(QR_INVALID_REQUEST_MESSAGE)];

// The counter's actions: the business's owner or its staff, and only with the
// presence token of the QR the customer is showing (lib/qr/counter.ts). The
// queries match the worker again (the visit in its first statement), so a
// member revoked a moment ago is refused there too.
const counter = {
  of: ([input]: [{ businessId: string }]) => input.businessId,
  notFound: failure(QR_BUSINESS_NOT_FOUND_MESSAGE),
};

export const linkCustomerAction = action(
  { role: "staff", args: [qrBusinessActionSchema], invalid, business: counter },
  async ({ args: [input], user }): Promise<ActionResult<{ businessName: string; created: boolean }>> =>
    linkPresentCustomer(user.id, input.businessId, input.customerId, input.token, requestNow(await headers())),
);

export const recordQrVisitAction = action(
  { role: "staff", args: [qrBusinessActionSchema], invalid, business: counter },
  async ({ args: [input], user }): Promise<ActionResult<{ visit: QrVisitSummary }>> =>
    recordPresentCustomerVisit(
      user.id,
      input.businessId,
      input.customerId,
      input.token,
      requestNow(await headers()),
      input.locationId,
    ),
);

export const addReferrerAction = action(
  { role: "user", args: [qrReferrerSchema], invalid },
  async ({ args: [input], user }): Promise<ActionResult> =>
    addReferrer(user.id, input.referrerId, requestNow(await headers())),
);
