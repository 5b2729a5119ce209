import { z } from "zod";
import { businessIdSchema } from "@/lib/validation/business-profile";
import { idString } from "@/lib/validation/text";
import { REVIEW_BOUNDS } from "@/lib/review/rules";
import { wholeNumberIn } from "@/lib/validation/issue-messages";

// The review queue's forms (docs/review-queue.md): a held visit's decision,
// and the owner's hold settings, each number within its rule's bounds.

export const RULE_NUMBER_MESSAGE = "review.settings.outOfBounds";

export const heldVisitDecisionSchema = z.object({
  businessId: businessIdSchema,
  heldVisitId: idString("review.queue.notFound"),
});

const n = (bounds: { min: number; max: number }) => wholeNumberIn(bounds.min, bounds.max, RULE_NUMBER_MESSAGE);
// A switch that is not true or false came from no form of ours: the form's own failure, without numbers.
const on = z.boolean({ error: "review.settings.failed" });

export const reviewSettingsSchema = z.object({
  businessId: businessIdSchema,
  rules: z.object({
    tagSpread: z.object({ on, tags: n(REVIEW_BOUNDS.tagSpread.tags), minutes: n(REVIEW_BOUNDS.tagSpread.minutes) }),
    tagBurst: z.object({ on, factor: n(REVIEW_BOUNDS.tagBurst.factor), minTaps: n(REVIEW_BOUNDS.tagBurst.minTaps) }),
    guestAddress: z.object({
      on,
      cards: n(REVIEW_BOUNDS.guestAddress.cards),
      minutes: n(REVIEW_BOUNDS.guestAddress.minutes),
    }),
    offHours: z.object({ on, visits: n(REVIEW_BOUNDS.offHours.visits) }),
  }),
});
export type ReviewSettingsInput = z.input<typeof reviewSettingsSchema>;
