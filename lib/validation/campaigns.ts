import { z } from "zod";
import { segmentSchema } from "@/lib/campaigns/segment";
import { DEFAULT_HOLDOUT_PERCENT, MAX_HOLDOUT_PERCENT } from "@/lib/campaigns/holdout-limits";
import { idString } from "@/lib/validation/text";

// Inputs of the owner's campaign pages and of the customer's offers-and-news
// switch; shared by the forms and the server actions. Messages are catalog keys
// (messages/*/campaigns.json).

export const CAMPAIGN_NOT_FOUND_MESSAGE = "campaigns.errors.notFound";
export const MESSAGE_MAX = 240;
export const NAME_MAX = 80;

const businessId = idString(CAMPAIGN_NOT_FOUND_MESSAGE);
const campaignId = idString(CAMPAIGN_NOT_FOUND_MESSAGE);

const offerSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.enum(["STAMPS", "POINTS"]),
    programId: z.string().uuid("campaigns.errors.programRequired"),
    amount: z
      .number()
      .int("campaigns.errors.amountInvalid")
      .min(1, "campaigns.errors.amountInvalid")
      .max(100, "campaigns.errors.amountInvalid"),
    validDays: z
      .number()
      .int("campaigns.errors.validDaysInvalid")
      .min(1, "campaigns.errors.validDaysInvalid")
      .max(365, "campaigns.errors.validDaysInvalid"),
  }),
  z.object({
    kind: z.literal("REWARD"),
    rewardName: z
      .string()
      .trim()
      .min(1, "campaigns.errors.rewardNameRequired")
      .max(NAME_MAX, "campaigns.errors.nameTooLong"),
    validDays: z
      .number()
      .int("campaigns.errors.validDaysInvalid")
      .min(1, "campaigns.errors.validDaysInvalid")
      .max(365, "campaigns.errors.validDaysInvalid"),
  }),
]);

/** What the composer sends: the campaign as the owner wrote it. */
export const composerSchema = z.object({
  businessId,
  name: z.string().trim().min(1, "campaigns.errors.nameRequired").max(NAME_MAX, "campaigns.errors.nameTooLong"),
  message: z
    .string()
    .trim()
    .min(1, "campaigns.errors.messageRequired")
    .max(MESSAGE_MAX, "campaigns.errors.messageTooLong"),
  segment: segmentSchema,
  offer: offerSchema.nullable(),
  holdoutPercent: z
    .number()
    .int("campaigns.errors.holdoutInvalid")
    .min(0, "campaigns.errors.holdoutInvalid")
    .max(MAX_HOLDOUT_PERCENT, "campaigns.errors.holdoutInvalid")
    .default(DEFAULT_HOLDOUT_PERCENT),
});
export type ComposerInput = z.infer<typeof composerSchema>;

export const saveCampaignSchema = z.object({ campaignId: campaignId.nullable(), campaign: composerSchema });

export const campaignRefSchema = z.object({ businessId, campaignId });

/** "Now", or a wall-clock time on the business's clock (a datetime-local value). */
export const scheduleSchema = z.object({
  businessId,
  campaignId,
  at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "campaigns.errors.whenInvalid")
    .nullable(),
});

const minuteOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "campaigns.errors.timeInvalid")
  .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)));

export const outreachSettingsSchema = z.object({
  businessId,
  capMessages: z
    .number()
    .int("campaigns.errors.capInvalid")
    .min(1, "campaigns.errors.capInvalid")
    .max(3, "campaigns.errors.capInvalid"),
  capDays: z
    .number()
    .int("campaigns.errors.capInvalid")
    .min(3, "campaigns.errors.capInvalid")
    .max(30, "campaigns.errors.capInvalid"),
  quietStart: minuteOfDay,
  quietEnd: minuteOfDay,
});
export type OutreachSettingsForm = z.input<typeof outreachSettingsSchema>;

export const consentSchema = z.object({
  businessId: idString(),
  granted: z.boolean(),
  source: z.enum(["card", "settings"]),
});
