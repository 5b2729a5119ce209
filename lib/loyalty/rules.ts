// One zod schema per program type. Every field has a default so an owner can
// create a program with `{}` and get the behaviour docs/loyalty-programs.md describes.
// Unknown keys are stripped: switching a program's type must not leave stale
// settings behind that a later type change would silently pick up.
import { z } from "zod";
import type { Message } from "@/lib/i18n/message";
import { fieldErrorsOf } from "@/lib/validation/errors";
import { wholeNumberIn } from "@/lib/validation/issue-messages";

// The messages are catalog keys (programEditor.rules.*, English in
// messages/en/programEditor.json): the owner's form and the server actions show
// them in the owner's language.
const WHOLE_POSITIVE = "programEditor.rules.wholePositive";
const RULES_OBJECT = "programEditor.rules.rulesObject";

/** Thresholds: a 0 or negative target would issue a reward on every visit (or never). */
function positiveInt(fallback: number) {
  return z.number({ error: WHOLE_POSITIVE }).int(WHOLE_POSITIVE).positive(WHOLE_POSITIVE).default(fallback);
}

function rulesObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: RULES_OBJECT });
}

const MAX_WINDOW_DAYS = 180;
/** Points per visit or per euro: far above any real card, low enough that no sum overflows. */
export const MAX_POINTS_RATE = 10_000;
/** The highest minimum purchase an owner may set: 100 000.00 in the business's currency. */
export const MAX_MINIMUM_CENTS = 10_000_000;
const WINDOW_DAYS = "programEditor.rules.windowDays";
const MIN_VISITS = "programEditor.rules.minVisits";

const tierSchema = z.object(
  {
    name: z
      .string({ error: "programEditor.rules.tierNameRequired" })
      .trim()
      .min(1, "programEditor.rules.tierNameRequired")
      .max(40, "programEditor.rules.atMost"),
    minVisits: z.number({ error: MIN_VISITS }).int(MIN_VISITS).min(0, MIN_VISITS),
  },
  { error: "programEditor.rules.tierShape" },
);

export type Tier = z.infer<typeof tierSchema>;

const DEFAULT_TIERS: Tier[] = [
  { name: "Bronze", minVisits: 0 },
  { name: "Silver", minVisits: 5 },
  { name: "Gold", minVisits: 15 },
];

// Tiers are looked up by position and remembered by name, so the list must be
// ordered, start at 0 (everyone has a tier) and have unambiguous names.
const tiersSchema = z
  .array(tierSchema, { error: "programEditor.rules.tiersList" })
  .min(1, "programEditor.rules.tiersMin")
  .max(20, "programEditor.rules.tiersMax")
  .superRefine((tiers, ctx) => {
    const first = tiers[0];
    if (first && first.minVisits !== 0) {
      ctx.addIssue({ code: "custom", path: [0, "minVisits"], message: "programEditor.rules.firstTierZero" });
    }
    const seen = new Set<string>();
    tiers.forEach((tier, index) => {
      const previous = tiers[index - 1];
      if (previous && tier.minVisits <= previous.minVisits) {
        ctx.addIssue({
          code: "custom",
          path: [index, "minVisits"],
          message: "programEditor.rules.tierAfterPrevious",
          params: { previous: previous.minVisits },
        });
      }
      const key = tier.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: [index, "name"], message: "programEditor.rules.tierNamesUnique" });
      seen.add(key);
    });
  })
  .default(() => DEFAULT_TIERS.map((tier) => ({ ...tier })));

const stampCard = rulesObject({ stampsRequired: positiveInt(10) });

export const ruleSchemas = {
  stamps: stampCard,
  // Points come from visits and, optionally, from what the customer spends
  // (docs/purchases.md): `pointsPerEuro` points per whole unit of the
  // business's currency, rounded down, for purchases of at least
  // `minimumCents`. 0 points per euro (the default) means visits only; a
  // program may earn from spending only (0 per visit), never from neither.
  points: rulesObject({
    pointsPerVisit: wholeNumberIn(0, MAX_POINTS_RATE, WHOLE_POSITIVE).default(10),
    threshold: positiveInt(100),
    pointsPerEuro: wholeNumberIn(0, MAX_POINTS_RATE, "programEditor.rules.pointsRate").default(0),
    minimumCents: wholeNumberIn(0, MAX_MINIMUM_CENTS, "programEditor.rules.minimumAmount").default(0),
  }).refine((rules) => rules.pointsPerVisit > 0 || rules.pointsPerEuro > 0, {
    path: ["pointsPerVisit"],
    message: WHOLE_POSITIVE,
  }),
  visits: rulesObject({ visitsRequired: positiveInt(5) }),
  tier: rulesObject({ tiers: tiersSchema }),
  referral: rulesObject({ welcomeReward: z.boolean({ error: "programEditor.rules.boolean" }).default(false) }),
  birthday: rulesObject({
    // 0 = the birthday itself only; the cap keeps two years' windows apart.
    windowDays: wholeNumberIn(0, MAX_WINDOW_DAYS, WINDOW_DAYS).default(7),
  }),
  anniversary: rulesObject({}),
  challenge: rulesObject({ visitsRequired: positiveInt(3), withinDays: positiveInt(7) }),
  // The dates live on the program row (startDate/endDate), not in the rules.
  "time-limited": stampCard,
  gamified: rulesObject({
    winChance: z
      .number({ error: "programEditor.rules.chance" })
      .gt(0, "programEditor.rules.chanceAboveZero")
      .max(1, "programEditor.rules.chanceAtMostOne")
      .default(0.1),
  }),
  other: rulesObject({}),
} as const;

export type ProgramType = keyof typeof ruleSchemas;
export type RulesByType = { [K in ProgramType]: z.output<(typeof ruleSchemas)[K]> };
/** Unknown types are run by `other`, so they take its rules. */
export type RulesFor<T extends string> = T extends ProgramType ? RulesByType[T] : RulesByType["other"];

export type StampsRules = RulesByType["stamps"];
export type PointsRules = RulesByType["points"];
export type VisitsRules = RulesByType["visits"];
export type TierRules = RulesByType["tier"];
export type ReferralRules = RulesByType["referral"];
export type BirthdayRules = RulesByType["birthday"];
export type AnniversaryRules = RulesByType["anniversary"];
export type ChallengeRules = RulesByType["challenge"];
export type TimeLimitedRules = RulesByType["time-limited"];
export type GamifiedRules = RulesByType["gamified"];
export type OtherRules = RulesByType["other"];

export const PROGRAM_TYPES = Object.keys(ruleSchemas) as ProgramType[];

export function isProgramType(type: string): type is ProgramType {
  return Object.hasOwn(ruleSchemas, type);
}

/** The schema that validates `type`'s rules (unknown types → other). */
export function programTypeOf(type: string): ProgramType {
  return isProgramType(type) ? type : "other";
}

/** Whether a program of `type` ever issues a reward: "other" (and any type run as it) only counts visits. */
export function givesRewards(type: string): boolean {
  return programTypeOf(type) !== "other";
}

/** Programs whose type needs the program's startDate and endDate set. */
export function requiresDates(type: string): boolean {
  return type === "time-limited";
}

export type RulesParseResult<R> = { ok: true; rules: R } | { ok: false; errors: Record<string, Message> };

/** Validates an owner's rules. Errors are keyed by field path ("tiers.1.name"),
 * one message per field, ready to show next to the form input; a problem with
 * the whole object is keyed FORM_ERROR_KEY (fieldErrorsOf). */
export function parseProgramRules<T extends string>(type: T, input: unknown): RulesParseResult<RulesFor<T>> {
  const schema: z.ZodType<unknown> = ruleSchemas[programTypeOf(type)];
  // An absent rules column means "all defaults".
  const result = schema.safeParse(input ?? {});
  // The schema picked is exactly the one RulesFor<T> names; TypeScript just
  // cannot follow that through programTypeOf's runtime lookup.
  if (result.success) return { ok: true, rules: result.data as RulesFor<T> };
  return { ok: false, errors: fieldErrorsOf(result.error) };
}

/** A type's rules with every default filled in. */
export function defaultRules<T extends string>(type: T): RulesFor<T> {
  const parsed = parseProgramRules(type, {});
  if (!parsed.ok) throw new Error(`Defaults for "${type}" do not validate`);
  return parsed.rules;
}
