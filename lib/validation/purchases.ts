import { z } from "zod";
import { singleLineText } from "@/lib/validation/text";

// Inputs of the counter's purchase and refund actions (docs/purchases.md). The
// amount is the text staff typed ("12,50"): lib/purchases/money.ts reads it
// in the business's currency, never through a float. Ids come from the page;
// the server re-checks who may act on them in each query.

const AMOUNT_MESSAGE = "qr.purchase.errors.amountRequired";

export const counterPurchaseSchema = z.object({
  customerId: z.uuid(),
  businessId: z.uuid(),
  // The presence token of the QR the customer showed (lib/qr/presence-token.ts).
  token: singleLineText().max(100).optional(),
  amount: singleLineText({ error: AMOUNT_MESSAGE }).trim().min(1, AMOUNT_MESSAGE).max(20, AMOUNT_MESSAGE),
  receipt: singleLineText().trim().max(64, "qr.purchase.errors.receipt").optional(),
  // Where the counter works (docs/locations.md, "The counter"); absent, the only location the worker may choose.
  locationId: z.uuid().nullish(),
});

export const purchaseRefundSchema = z.object({
  businessId: z.uuid(),
  purchaseId: z.uuid(),
  // Empty: refund all that is left.
  amount: singleLineText().trim().max(20, AMOUNT_MESSAGE).optional(),
  // Made once per refund form: a double click or a retry refunds once.
  key: z.uuid(),
});
