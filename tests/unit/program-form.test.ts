import { formatProgramDay } from "@/components/programs/program-offer";
import { fieldErrorsOf } from "@/lib/validation/errors";
import { text, texts } from "../support/catalog";
import { defaultRules } from "@/lib/loyalty";
import { programStatus } from "@/lib/loyalty/program-status";
import {
  chanceToPercent,
  dateInputValue,
  percentToChance,
  programFormValues,
  toProgramData,
} from "@/lib/validation/program-form";
import {
  END_BEFORE_START_MESSAGE,
  END_DATE_REQUIRED_MESSAGE,
  programInputSchema,
  START_DATE_REQUIRED_MESSAGE,
  WIN_CHANCE_MESSAGE,
  type ProgramInput,
} from "@/lib/validation/programs";

function input(overrides: Partial<Record<keyof ProgramInput, unknown>> = {}) {
  return {
    businessId: "biz-1",
    type: "stamps",
    name: "Coffee card",
    description: "",
    startDate: "",
    endDate: "",
    rules: { stampsRequired: 10 },
    rewardName: "Free coffee",
    rewardDescription: "",
    rewardExpiryDays: null,
    ...overrides,
  };
}

function errorsOf(value: unknown): Record<string, string> {
  const parsed = programInputSchema.safeParse(value);
  // The schema answers catalog keys; the owner reads them in English here.
  return parsed.success ? {} : texts("en", fieldErrorsOf(parsed.error));
}

describe("programInputSchema", () => {
  it("accepts a complete stamp card", () => {
    expect(programInputSchema.safeParse(input()).success).toBe(true);
  });

  it("says 'End date must be after start date' on the end date when the dates are reversed or equal", () => {
    expect(errorsOf(input({ startDate: "2030-03-10", endDate: "2030-03-01" }))).toEqual({
      endDate: text("en", END_BEFORE_START_MESSAGE),
    });
    expect(errorsOf(input({ startDate: "2030-03-10", endDate: "2030-03-10" }))).toEqual({
      endDate: text("en", END_BEFORE_START_MESSAGE),
    });
    expect(text("en", END_BEFORE_START_MESSAGE)).toBe("End date must be after start date");
    expect(programInputSchema.safeParse(input({ startDate: "2030-03-10", endDate: "2030-03-11" })).success).toBe(true);
  });

  it("reports the date order even while other fields are still empty", () => {
    expect(errorsOf(input({ name: "", startDate: "2030-03-10", endDate: "2030-03-01" }))).toMatchObject({
      name: "Program name is required",
      endDate: text("en", END_BEFORE_START_MESSAGE),
    });
  });

  it("rejects a date that does not exist", () => {
    expect(errorsOf(input({ startDate: "2030-02-30" }))).toEqual({ startDate: "Enter a valid date" });
  });

  it("requires both dates for a time-limited program, and only for it", () => {
    const timeLimited = input({ type: "time-limited", rules: { stampsRequired: 5 } });
    expect(errorsOf(timeLimited)).toEqual({
      startDate: text("en", START_DATE_REQUIRED_MESSAGE),
      endDate: text("en", END_DATE_REQUIRED_MESSAGE),
    });
    expect(errorsOf({ ...timeLimited, startDate: "2030-06-01" })).toEqual({
      endDate: text("en", END_DATE_REQUIRED_MESSAGE),
    });
    expect(
      programInputSchema.safeParse({ ...timeLimited, startDate: "2030-06-01", endDate: "2030-06-30" }).success,
    ).toBe(true);
  });

  it("rejects an unknown type with a message naming the valid ones", () => {
    const errors = errorsOf(input({ type: "lottery" }));
    expect(errors.type).toMatch(/^Unknown program type\. Choose one of: /);
    expect(errors.type).toContain("stamps");
    expect(errors.type).toContain("time-limited");
  });

  it.each([
    ["stamps", { stampsRequired: 0 }, "rules.stampsRequired"],
    ["stamps", { stampsRequired: -3 }, "rules.stampsRequired"],
    ["points", { pointsPerVisit: 10, threshold: 0 }, "rules.threshold"],
    ["points", { pointsPerVisit: -1, threshold: 100 }, "rules.pointsPerVisit"],
    ["visits", { visitsRequired: 0 }, "rules.visitsRequired"],
    ["challenge", { visitsRequired: 3, withinDays: 0 }, "rules.withinDays"],
    ["time-limited", { stampsRequired: 0 }, "rules.stampsRequired"],
  ])("rejects a %s program with a zero or negative threshold (%j) on %s", (type, rules, field) => {
    const dates = type === "time-limited" ? { startDate: "2030-01-01", endDate: "2030-02-01" } : {};
    expect(errorsOf(input({ type, rules, ...dates }))).toEqual({ [field]: "Must be a whole number greater than 0" });
  });

  it("rejects a half-typed number (NaN from an emptied input) on its field", () => {
    expect(errorsOf(input({ rules: { stampsRequired: Number.NaN } }))).toEqual({
      "rules.stampsRequired": "Must be a whole number greater than 0",
    });
  });

  it("points at the offending tier row", () => {
    const errors = errorsOf(
      input({
        type: "tier",
        rules: {
          tiers: [
            { name: "Bronze", minVisits: 0 },
            { name: "Silver", minVisits: 0 },
          ],
        },
      }),
    );
    expect(errors).toEqual({ "rules.tiers.1.minVisits": "Must be more than the previous tier (0)" });
  });

  it("explains the gamified chance in percent", () => {
    expect(errorsOf(input({ type: "gamified", rules: { winChance: 0 } }))).toEqual({
      "rules.winChance": text("en", WIN_CHANCE_MESSAGE),
    });
    expect(errorsOf(input({ type: "gamified", rules: { winChance: 1.5 } }))).toEqual({
      "rules.winChance": text("en", WIN_CHANCE_MESSAGE),
    });
  });

  it("requires a name and a reward name, and bounds their length", () => {
    expect(errorsOf(input({ name: "  ", rewardName: "" }))).toEqual({
      name: "Program name is required",
      rewardName: "Reward name is required",
    });
    expect(errorsOf(input({ name: "x".repeat(81) }))).toEqual({ name: "Program names are at most 80 characters" });
    expect(errorsOf(input({ description: "x".repeat(501) }))).toEqual({
      description: "Descriptions are at most 500 characters",
    });
  });

  it("asks no reward of an 'Other' program, which never gives one, and stores none", () => {
    const other = input({ type: "other", rules: {}, rewardName: "", rewardDescription: "", rewardExpiryDays: null });
    expect(errorsOf(other)).toEqual({});
    expect(
      toProgramData(programInputSchema.parse({ ...other, rewardName: "Left from a stamp card", rewardExpiryDays: 30 })),
    ).toMatchObject({ type: "other", rewardName: "", rewardDescription: null, rewardExpiryDays: null });
    // Every type that gives rewards still needs its name.
    expect(errorsOf(input({ type: "visits", rules: { visitsRequired: 5 }, rewardName: " " }))).toEqual({
      rewardName: "Reward name is required",
    });
  });

  it("takes an empty or positive whole expiry up to 3650 days", () => {
    expect(programInputSchema.safeParse(input({ rewardExpiryDays: null })).success).toBe(true);
    expect(programInputSchema.safeParse(input({ rewardExpiryDays: 30 })).success).toBe(true);
    for (const bad of [0, -5, 2.5, 3651, Number.NaN]) {
      expect(errorsOf(input({ rewardExpiryDays: bad }))).toEqual({
        rewardExpiryDays: "Expiry must be a whole number of days from 1 to 3650",
      });
    }
  });
});

describe("toProgramData", () => {
  it("stores dates as UTC midnight and empty text as null", () => {
    const parsed = programInputSchema.parse(
      input({ startDate: "2030-03-01", endDate: "2030-03-31", description: "  " }),
    );
    const data = toProgramData(parsed);
    expect(data.startDate?.toISOString()).toBe("2030-03-01T00:00:00.000Z");
    expect(data.endDate?.toISOString()).toBe("2030-03-31T00:00:00.000Z");
    expect(data.description).toBeNull();
    expect(data.rewardDescription).toBeNull();
    expect(data.rewardExpiryDays).toBeNull();
  });

  it("keeps only the chosen type's rules, with its defaults filled in", () => {
    const parsed = programInputSchema.parse(input({ type: "points", rules: { threshold: 50, stampsRequired: 4 } }));
    expect(toProgramData(parsed).rules).toEqual({
      pointsPerVisit: 10,
      threshold: 50,
      pointsPerEuro: 0,
      minimumCents: 0,
    });
  });
});

describe("programFormValues", () => {
  const stored = {
    businessId: "biz-1",
    type: "time-limited",
    name: "Spring card",
    description: null,
    startDate: new Date("2030-03-01T00:00:00.000Z"),
    endDate: new Date("2030-03-31T00:00:00.000Z"),
    rules: { stampsRequired: 5 },
    rewardName: "Free pastry",
    rewardDescription: null,
    rewardExpiryDays: 30,
  };

  it("shows a stored program as the form typed it: calendar days, empty text, its rules", () => {
    expect(programFormValues(stored)).toEqual({
      businessId: "biz-1",
      type: "time-limited",
      name: "Spring card",
      description: "",
      startDate: "2030-03-01",
      endDate: "2030-03-31",
      rules: { stampsRequired: 5 },
      rewardName: "Free pastry",
      rewardDescription: "",
      rewardExpiryDays: 30,
      cooldownHours: null,
    });
  });

  it("round-trips through the schema and back to the same row", () => {
    const data = toProgramData(programInputSchema.parse(programFormValues(stored)));
    expect(data).toEqual({
      type: "time-limited",
      name: "Spring card",
      description: null,
      startDate: stored.startDate,
      endDate: stored.endDate,
      rules: { stampsRequired: 5 },
      rewardName: "Free pastry",
      rewardDescription: null,
      rewardExpiryDays: 30,
      cooldownHours: null,
    });
  });

  it("keeps a program's cooldown from the form to the row and back (1 to 168 hours)", () => {
    const values = programFormValues({ ...stored, cooldownHours: 4 });
    expect(values.cooldownHours).toBe(4);
    expect(toProgramData(programInputSchema.parse(values)).cooldownHours).toBe(4);
    expect(programInputSchema.safeParse({ ...values, cooldownHours: 169 }).success).toBe(false);
    expect(programInputSchema.safeParse({ ...values, cooldownHours: 0 }).success).toBe(false);
  });

  it("shows rules that no longer validate as stored, over the type's defaults, so the form points at them", () => {
    const values = programFormValues({ ...stored, type: "points", rules: { threshold: 0 } });
    expect(values.rules).toEqual({ pointsPerVisit: 10, threshold: 0, pointsPerEuro: 0, minimumCents: 0 });
    expect(errorsOf(values)).toEqual({ "rules.threshold": expect.any(String) });
  });

  it("shows an unset date as an empty date input", () => {
    expect(dateInputValue(null)).toBe("");
    expect(programFormValues({ ...stored, type: "stamps", startDate: null, endDate: null })).toMatchObject({
      startDate: "",
      endDate: "",
    });
  });
});

describe("a program's status", () => {
  it("is Ended once ended, whatever its pause switch says, else Active or Paused", () => {
    expect(programStatus({ active: true, endedAt: null })).toBe("Active");
    expect(programStatus({ active: false, endedAt: null })).toBe("Paused");
    expect(programStatus({ active: false, endedAt: new Date("2030-01-01T00:00:00Z") })).toBe("Ended");
  });
});

describe("the win chance percentage", () => {
  it("converts the form's percent to the stored 0..1 chance and back", () => {
    expect(percentToChance(10)).toBe(0.1);
    expect(percentToChance(12.5)).toBe(0.125);
    expect(percentToChance(100)).toBe(1);
    expect(chanceToPercent(0.07)).toBe(7);
    expect(chanceToPercent(defaultRules("gamified").winChance)).toBe(10);
    expect(Number.isNaN(percentToChance(Number.NaN))).toBe(true);
  });

  it("a typed 250% is refused, 25% is saved as 0.25", () => {
    expect(errorsOf(input({ type: "gamified", rules: { winChance: percentToChance(250) } }))).toEqual({
      "rules.winChance": text("en", WIN_CHANCE_MESSAGE),
    });
    const parsed = programInputSchema.parse(input({ type: "gamified", rules: { winChance: percentToChance(25) } }));
    expect(toProgramData(parsed).rules).toEqual({ winChance: 0.25 });
  });
});

describe("the program card's dates", () => {
  it("formats dates as 'MMM dd, yyyy' on the chosen calendar day", () => {
    expect(formatProgramDay("2030-03-01")).toBe("Mar 01, 2030");
    expect(formatProgramDay(new Date("2030-12-31T00:00:00.000Z"))).toBe("Dec 31, 2030");
    expect(formatProgramDay("")).toBeNull();
  });
});
