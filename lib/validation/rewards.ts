import { z } from "zod";
import { idString, singleLineText } from "@/lib/validation/text";

export const redeemCodeSchema = z.object({
  code: singleLineText()
    .trim()
    .min(1, "Enter the reward code")
    .max(20, "Reward codes are 8 characters")
    .regex(/^[A-Za-z0-9 -]+$/, "Reward codes use letters and digits only"),
});
export type RedeemCodeInput = z.infer<typeof redeemCodeSchema>;

export const rewardIdSchema = idString("Reward not found");
