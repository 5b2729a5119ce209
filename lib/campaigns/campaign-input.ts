// PLACEHOLDER (composer branch): the `sending` engineer owns this file; dropped at merge.
import { z } from "zod";
import { segmentSchema } from "@/lib/campaigns/segment";
import { DEFAULT_HOLDOUT_PERCENT, MAX_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout";

export const campaignInputSchema = z.object({
  businessId: z.string().min(1),
  name: z.string().trim().min(1).max(80),
  message: z.string().trim().min(1).max(240),
  segment: segmentSchema,
  offer: z
    .object({
      kind: z.enum(["STAMPS", "POINTS", "REWARD"]),
      programId: z.string().uuid().optional(),
      amount: z.number().int().min(1).max(100).optional(),
      rewardName: z.string().trim().min(1).max(80).optional(),
      validDays: z.number().int().min(1).max(365),
    })
    .nullable(),
  holdoutPercent: z.number().int().min(0).max(MAX_HOLDOUT_PERCENT).default(DEFAULT_HOLDOUT_PERCENT),
});

export type CampaignInput = z.infer<typeof campaignInputSchema>;
