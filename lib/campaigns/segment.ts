// A segment: which members of a business a campaign is for (docs/campaigns.md,
// "Segments"). Every condition that is set must hold (they combine with AND);
// an empty segment is every member. Pure data, checked by zod wherever it
// enters (a form, a stored campaign); no server-only import, the builder runs
// it in the browser too.
import { z } from "zod";
import {
  INVALID_OPTION_MESSAGE,
  INVALID_VALUE_MESSAGE,
  NUMBER_AT_LEAST_MESSAGE,
  NUMBER_AT_MOST_MESSAGE,
  WHOLE_NUMBER_MESSAGE,
} from "@/lib/validation/issue-messages";

export const SEGMENT_LIMITS = {
  days: { min: 1, max: 730 },
  closeToReward: { min: 1, max: 100 },
  top: { min: 1, max: 100_000 },
} as const;

function wholeNumber({ min, max }: { min: number; max: number }) {
  return z
    .number({ error: WHOLE_NUMBER_MESSAGE })
    .int(WHOLE_NUMBER_MESSAGE)
    .min(min, NUMBER_AT_LEAST_MESSAGE)
    .max(max, NUMBER_AT_MOST_MESSAGE);
}

export const segmentSchema = z
  .object(
    {
      /** No visit in the last N days, on the business's clock (members who visited at least once). */
      lapsedDays: wholeNumber(SEGMENT_LIMITS.days).nullable().default(null),
      /** Within K visits of completing a stamps, points or visits card (of `programId` when set). */
      closeToReward: wholeNumber(SEGMENT_LIMITS.closeToReward).nullable().default(null),
      /** Has a reward ready (available, not expired) and unused. */
      rewardsReady: z.boolean({ error: INVALID_VALUE_MESSAGE }).default(false),
      /** Their birthday falls in this month, on the business's calendar. */
      birthdayThisMonth: z.boolean({ error: INVALID_VALUE_MESSAGE }).default(false),
      /** Joined in the last N days. */
      newDays: wholeNumber(SEGMENT_LIMITS.days).nullable().default(null),
      /** The N members with the most visits (at least one), of those every other condition keeps. */
      topVisits: wholeNumber(SEGMENT_LIMITS.top).nullable().default(null),
      /** Has a card in this program. */
      programId: z.string({ error: INVALID_OPTION_MESSAGE }).uuid(INVALID_OPTION_MESSAGE).nullable().default(null),
      /** Guest cards (no account yet) in or out. */
      guests: z.enum(["include", "exclude"], { error: INVALID_OPTION_MESSAGE }).default("include"),
    },
    { error: INVALID_VALUE_MESSAGE },
  )
  .strict();

export type SegmentDefinition = z.infer<typeof segmentSchema>;

export const EVERY_MEMBER: SegmentDefinition = segmentSchema.parse({});
