"use server";

import { headers } from "next/headers";
import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { requestNow } from "@/lib/clock";
import { recordCounterPurchase, refundAtCounter, type CounterPurchaseSummary } from "@/lib/purchases/counter";
import { counterPurchaseSchema, purchaseRefundSchema } from "@/lib/validation/purchases";
import { QR_BUSINESS_NOT_FOUND_MESSAGE } from "@/lib/validation/qr";

// The counter's purchase actions (docs/purchases.md): the owner or staff of
// the business. Recording needs the presence token of the customer's live QR,
// as a visit from the QR page does; a refund is made from the customer's card.
// Someone who does not work at the business gets the same answer as for a
// business that does not exist.

const counter = {
  of: ([input]: [{ businessId: string }]) => input.businessId,
  notFound: failure(QR_BUSINESS_NOT_FOUND_MESSAGE),
};

export const recordPurchaseAction = action(
  { role: "staff", args: [counterPurchaseSchema], business: counter },
  async ({ args: [input], user }): Promise<ActionResult<{ purchase: CounterPurchaseSummary }>> =>
    recordCounterPurchase(user.id, input, requestNow(await headers())),
);

export const refundPurchaseAction = action(
  { role: "staff", args: [purchaseRefundSchema], business: counter },
  async ({ args: [input], user }): Promise<ActionResult<{ points: number; replayed: boolean }>> =>
    refundAtCounter(user.id, input, requestNow(await headers())),
);
