// A segment: which members of a business a campaign is for (docs/campaigns.md,
// "Segments"). Every condition that is set must hold (they combine with AND);
// an empty segment is every member. Pure data, checked by zod wherever it
// enters (a form, a stored campaign).
import { z } from "zod";

export const SEGMENT_LIMITS = {
  days: { min: 1, max: 730 },
  closeToReward: { min: 1, max: 100 },
  top: { min: 1, max: 100_000 },
} as const;

const days = z.number().int().min(SEGMENT_LIMITS.days.min).max(SEGMENT_LIMITS.days.max);

export const segmentSchema = z
  .object({
    /** No visit in the last N days (members who visited at least once). */
    lapsedDays: days.nullable().default(null),
    /** Within K stamps, points or visits of completing a card. */
    closeToReward: z
      .number()
      .int()
      .min(SEGMENT_LIMITS.closeToReward.min)
      .max(SEGMENT_LIMITS.closeToReward.max)
      .nullable()
      .default(null),
    /** Has a reward ready (available, not expired) and unused. */
    rewardsReady: z.boolean().default(false),
    /** Their birthday falls in this month, on the business's calendar. */
    birthdayThisMonth: z.boolean().default(false),
    /** Joined in the last N days. */
    newDays: days.nullable().default(null),
    /** The N members with the most visits. */
    topVisits: z.number().int().min(SEGMENT_LIMITS.top.min).max(SEGMENT_LIMITS.top.max).nullable().default(null),
    /** Has a card in this program. */
    programId: z.string().uuid().nullable().default(null),
    /** Guest cards (no account yet) in or out. */
    guests: z.enum(["include", "exclude"]).default("include"),
  })
  .strict();

export type SegmentDefinition = z.infer<typeof segmentSchema>;

export const EVERY_MEMBER: SegmentDefinition = segmentSchema.parse({});
