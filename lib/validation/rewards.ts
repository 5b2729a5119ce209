import { z } from "zod";
import { idString, singleLineText } from "@/lib/validation/text";

export const redeemCodeSchema = z.object({
  code: singleLineText()
    .trim()
    .min(1, "rewards.validation.codeRequired")
    .max(20, "rewards.validation.codeLength")
    .regex(/^[A-Za-z0-9 -]+$/, "rewards.validation.codeCharacters"),
});
export type RedeemCodeInput = z.infer<typeof redeemCodeSchema>;

export const rewardIdSchema = idString("rewards.errors.notFound");

/** The counter's location, an optional argument after the reward (docs/locations.md, "The counter"). */
export const counterLocationArgSchema = z.uuid().nullish();
