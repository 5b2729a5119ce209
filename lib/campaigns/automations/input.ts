import { z } from "zod";
import { AUTOMATION_KINDS, KIND_RULES } from "@/lib/campaigns/automations/kinds";
import { idString, multiLineText, mailSafeName } from "@/lib/validation/text";

// What an owner saves for one automation (docs/campaigns.md, "Automations").
// No server-only import: the form runs the same schema in the browser. The
// messages are catalog keys; bounds come back with their {min}/{max}.

export const MAX_AUTOMATION_MESSAGE = 240;
export const MAX_OFFER_AMOUNT = 100;
export const MAX_OFFER_VALID_DAYS = 365;

const whole = (min: number, max: number) =>
  z
    .number({ error: "validation.wholeNumber" })
    .int("validation.wholeNumber")
    .min(min, "validation.numberAtLeast")
    .max(max, "validation.numberAtMost");

export const automationOfferSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.enum(["STAMPS", "POINTS"]),
      programId: idString("automations.errors.program"),
      amount: whole(1, MAX_OFFER_AMOUNT),
    }),
    z.object({
      kind: z.literal("REWARD"),
      rewardName: mailSafeName({ error: "validation.required" })
        .trim()
        .min(1, "validation.required")
        .max(60, "validation.tooLong"),
      validDays: whole(1, MAX_OFFER_VALID_DAYS),
    }),
  ],
  { error: "automations.errors.offer" },
);

export type AutomationOffer = z.infer<typeof automationOfferSchema>;

export const automationKindSchema = z.enum(AUTOMATION_KINDS, { error: "automations.errors.kind" });

const fields = {
  enabled: z.boolean({ error: "validation.invalidValue" }),
  message: multiLineText({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(MAX_AUTOMATION_MESSAGE, "validation.tooLong"),
  // Bounded per kind below (KIND_RULES), so the message names the kind's range.
  days: z.number({ error: "validation.wholeNumber" }).int("validation.wholeNumber").nullable().default(null),
  // Bounded per kind below (at most the campaigns' cap, none for a service message).
  holdoutPercent: whole(0, 100),
  offer: automationOfferSchema.nullable().default(null),
};

/** One automation's settings, checked against its kind's bounds. */
export const automationSettingsSchema = z
  .object({ kind: automationKindSchema, ...fields })
  .superRefine((input, ctx) => {
    const rules = KIND_RULES[input.kind];
    if (rules.days) {
      const { min, max } = rules.days;
      if (input.days === null) ctx.addIssue({ code: "custom", path: ["days"], message: "validation.required" });
      else if (input.days < min || input.days > max)
        ctx.addIssue({
          code: "custom",
          path: ["days"],
          message: "automations.errors.daysBetween",
          params: { min, max },
        });
    }
    if (input.holdoutPercent > rules.maxHoldoutPercent)
      ctx.addIssue({
        code: "custom",
        path: ["holdoutPercent"],
        message: "validation.numberAtMost",
        params: { max: rules.maxHoldoutPercent },
      });
    if (rules.service && input.offer)
      ctx.addIssue({ code: "custom", path: ["offer"], message: "automations.errors.noOfferOnService" });
  });

export type AutomationSettings = z.output<typeof automationSettingsSchema>;

/** The owner's save: the business and the settings. */
export const saveAutomationSchema = z
  .object({ businessId: idString("dashboard.business.notFound") })
  .and(automationSettingsSchema);

export type SaveAutomationInput = z.input<typeof saveAutomationSchema>;
