import { z } from "zod";
import { MAX_ADJUSTMENT } from "@/lib/loyalty/adjust";
import { singleLineText } from "@/lib/validation/text";

// Inputs of a customer's card (/dashboard/business/[id]/customers/[userId]) and
// its actions; messages are keys of the customerCard catalog. The ids come from
// the page; the server re-checks who may act on them in each query.

export const REASON_MIN = 3;
export const REASON_MAX = 200;

/** The card's route: the customer's id (the business's id or slug is checked by businessIdSchema). */
export const customerIdSchema = z.uuid();

// `locationId`: where the counter works (docs/locations.md, "The counter"); absent, the only
// location the worker may choose.

/** Record a visit from the card. */
export const cardVisitSchema = z.object({ businessId: z.uuid(), customerId: z.uuid(), locationId: z.uuid().nullish() });

/** Redeem one of the customer's ready rewards from the card. */
export const cardRedeemSchema = z.object({
  businessId: z.uuid(),
  customerId: z.uuid(),
  rewardId: z.uuid(),
  locationId: z.uuid().nullish(),
});

const DELTA_MESSAGE = "customerCard.validation.delta";

/** The owner's manual adjustment: shared by the form and the server action. */
export const adjustmentSchema = z.object({
  businessId: z.uuid("customerCard.errors.notFound"),
  customerId: z.uuid("customerCard.errors.notFound"),
  programId: z.uuid("customerCard.validation.program"),
  delta: z
    .number({ error: DELTA_MESSAGE })
    .int(DELTA_MESSAGE)
    .min(-MAX_ADJUSTMENT, DELTA_MESSAGE)
    .max(MAX_ADJUSTMENT, DELTA_MESSAGE)
    .refine((value) => value !== 0, DELTA_MESSAGE),
  reason: singleLineText({ error: "customerCard.validation.reason" })
    .trim()
    .min(REASON_MIN, "customerCard.validation.reason")
    .max(REASON_MAX, "customerCard.validation.reason"),
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;
