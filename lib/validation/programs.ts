import { z } from "zod";
// The rules module directly (not the engine index): this file ships to the browser with the form.
import {
  givesRewards,
  parseProgramRules,
  PROGRAM_TYPES,
  requiresDates,
  type ProgramType,
  type Tier,
} from "@/lib/loyalty/rules";
import { parseLocalDate } from "@/lib/loyalty/dates";
import { COOLDOWN_HOURS_MAX, COOLDOWN_HOURS_MIN } from "@/lib/loyalty/cooldown";
import { FORM_ERROR_KEY } from "@/lib/validation/errors";
import { wholeNumberIn } from "@/lib/validation/issue-messages";
import { idString, mailSafeName, multiLineText, singleLineText } from "@/lib/validation/text";

// An owner's program (create and edit), shared by the form (react-hook-form)
// and the server actions. Input and output have the same shape so the form can
// use it as is; "" (or null) means "not set" for optional text and dates.
// Between these values and a stored row: lib/validation/program-form.ts.

// Messages are catalog keys (programEditor.validation.*): the form and the
// actions show them in the owner's language.
export const PROGRAM_TYPE_MESSAGE = "programEditor.validation.type";
export const END_BEFORE_START_MESSAGE = "programEditor.validation.endBeforeStart";
export const START_DATE_REQUIRED_MESSAGE = "programEditor.validation.startDateRequired";
export const END_DATE_REQUIRED_MESSAGE = "programEditor.validation.endDateRequired";
export const DATE_MESSAGE = "programEditor.validation.date";
export const WIN_CHANCE_MESSAGE = "programEditor.validation.winChance";
export const MAX_EXPIRY_DAYS = 3650;
export const COOLDOWN_HOURS_MESSAGE = "programEditor.validation.cooldownHours";
export const EXPIRY_DAYS_MESSAGE = "programEditor.validation.expiryDays";
const NAME_REQUIRED = "programEditor.validation.nameRequired";
export const CHOOSE_LOCATION_MESSAGE = "locations.programs.chooseOne";
const PROGRAM_LOCATIONS_MESSAGE = "locations.programs.invalid";
const MAX_PROGRAM_LOCATIONS = 200;
const REWARD_NAME_REQUIRED = "programEditor.validation.rewardNameRequired";

/** Every rule field any type uses; a program only keeps its own type's
 * (parseProgramRules strips the rest). Validated per type in the superRefine. */
export type ProgramRulesInput = {
  stampsRequired?: number;
  pointsPerVisit?: number;
  threshold?: number;
  /** Points per euro spent (docs/purchases.md); 0: visits only. */
  pointsPerEuro?: number;
  /** The smallest purchase that earns, in cents; the form shows euros. */
  minimumCents?: number;
  visitsRequired?: number;
  tiers?: Tier[];
  welcomeReward?: boolean;
  windowDays?: number;
  withinDays?: number;
  /** 0..1; the form shows it as a percentage (see percentToChance). */
  winChance?: number;
};

// `<input type="date">` gives YYYY-MM-DD, or "" when cleared.
const optionalDate = singleLineText({ error: DATE_MESSAGE })
  .trim()
  .refine((value) => value === "" || parseLocalDate(value) !== null, DATE_MESSAGE)
  .nullish();

/** Optional text of at most `max` characters; a value that is no text at all gets the same message, with its {max}. */
const optionalText = (max: number, message: string) =>
  z
    .custom<string>((value) => typeof value === "string", { message, params: { max } })
    .pipe(multiLineText().trim().max(max, message))
    .nullish();

export const programInputSchema = z
  .object({
    businessId: idString("programEditor.validation.business"),
    type: z.custom<ProgramType>((value) => (PROGRAM_TYPES as readonly unknown[]).includes(value), {
      message: PROGRAM_TYPE_MESSAGE,
      params: { types: PROGRAM_TYPES.join(", ") },
    }),
    name: singleLineText({ error: NAME_REQUIRED })
      .trim()
      .min(1, NAME_REQUIRED)
      .max(80, "programEditor.validation.nameTooLong"),
    description: optionalText(500, "programEditor.validation.descriptionTooLong"),
    startDate: optionalDate,
    endDate: optionalDate,
    rules: z.custom<ProgramRulesInput>(
      (value) => value === undefined || (typeof value === "object" && value !== null && !Array.isArray(value)),
      "programEditor.rules.rulesObject",
    ),
    // Required by every type that gives rewards (the superRefine); "other" gives none.
    rewardName: mailSafeName({ error: REWARD_NAME_REQUIRED })
      .trim()
      .max(80, "programEditor.validation.rewardNameTooLong"),
    rewardDescription: optionalText(500, "programEditor.validation.rewardDescriptionTooLong"),
    rewardExpiryDays: wholeNumberIn(1, MAX_EXPIRY_DAYS, EXPIRY_DAYS_MESSAGE).nullish(),
    // At most one stamp every N hours (docs/loyalty-programs.md, "Cooldown"); empty: none.
    cooldownHours: wholeNumberIn(COOLDOWN_HOURS_MIN, COOLDOWN_HOURS_MAX, COOLDOWN_HOURS_MESSAGE).nullish(),
    // Where it runs (docs/locations.md, "Programs at chosen locations"): every location of the
    // business, or only those listed. Left out: a new program runs everywhere, an edited one keeps
    // where it ran (the API and a one-location business's form send neither).
    allLocations: z.boolean({ error: PROGRAM_LOCATIONS_MESSAGE }).optional(),
    locationIds: z
      .array(idString(PROGRAM_LOCATIONS_MESSAGE), { error: PROGRAM_LOCATIONS_MESSAGE })
      .max(MAX_PROGRAM_LOCATIONS, PROGRAM_LOCATIONS_MESSAGE)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .superRefine((input, ctx) => {
    const start = input.startDate && parseLocalDate(input.startDate) ? input.startDate : null;
    const end = input.endDate && parseLocalDate(input.endDate) ? input.endDate : null;
    // YYYY-MM-DD strings compare correctly as plain strings. A one-day
    // program has an end after its start: both ends are inclusive days.
    if (start && end && end <= start)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START_MESSAGE });
    if (input.allLocations === false && !input.locationIds?.length)
      ctx.addIssue({ code: "custom", path: ["locationIds"], message: CHOOSE_LOCATION_MESSAGE });
    if (givesRewards(input.type) && input.rewardName === "")
      ctx.addIssue({ code: "custom", path: ["rewardName"], message: REWARD_NAME_REQUIRED });
    if (requiresDates(input.type)) {
      if (!input.startDate) ctx.addIssue({ code: "custom", path: ["startDate"], message: START_DATE_REQUIRED_MESSAGE });
      if (!input.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: END_DATE_REQUIRED_MESSAGE });
    }
    const rules = parseProgramRules(input.type, input.rules);
    if (!rules.ok) {
      for (const [field, { key, values }] of Object.entries(rules.errors)) {
        const path =
          field === FORM_ERROR_KEY
            ? ["rules"]
            : ["rules", ...field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
        // The rule's message goes on as this issue's, its values as the issue's params.
        if (field === "winChance") ctx.addIssue({ code: "custom", path, message: WIN_CHANCE_MESSAGE });
        else ctx.addIssue({ code: "custom", path, message: key, params: values });
      }
    }
  });

export type ProgramInput = z.infer<typeof programInputSchema>;

/** A program's id as an action receives it. */
export const programIdSchema = idString("programEditor.errors.notFound");
