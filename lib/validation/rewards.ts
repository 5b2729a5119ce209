import { z } from "zod";

export const redeemCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter the reward code")
    .max(20, "Reward codes are 8 characters")
    .regex(/^[A-Za-z0-9 -]+$/, "Reward codes use letters and digits only"),
});
export type RedeemCodeInput = z.infer<typeof redeemCodeSchema>;

export const rewardIdSchema = z.string().min(1).max(64);
