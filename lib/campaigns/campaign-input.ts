// What an owner composes (docs/campaigns.md, "Campaigns"): checked by zod
// wherever it enters, with the same bounds the database holds (the holdout's
// CHECK). Pure: the composer's form and the engine share it.
import { z } from "zod";
import { DEFAULT_HOLDOUT_PERCENT, MAX_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout-limits";
import { segmentSchema } from "@/lib/campaigns/segment";

export const MESSAGE_MAX = 240;

export const offerSchema = z
  .object({
    kind: z.enum(["STAMPS", "POINTS", "REWARD"]),
    programId: z.string().uuid().optional(),
    amount: z.number().int().min(1).max(100).optional(),
    rewardName: z.string().trim().min(1).max(80).optional(),
    validDays: z.number().int().min(1).max(365),
  })
  .strict();

export const campaignInputSchema = z
  .object({
    businessId: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(80),
    message: z.string().trim().min(1).max(MESSAGE_MAX),
    segment: segmentSchema,
    offer: offerSchema.nullable().default(null),
    holdoutPercent: z.number().int().min(0).max(MAX_HOLDOUT_PERCENT).default(DEFAULT_HOLDOUT_PERCENT),
  })
  .strict();

export type CampaignInput = z.infer<typeof campaignInputSchema>;
export type CampaignInputRaw = z.input<typeof campaignInputSchema>;
export type CampaignOffer = z.infer<typeof offerSchema>;
