// Rules schemas: defaults an owner gets with `{}`, and the messages they see for bad input.
import {
  defaultRules,
  isProgramType,
  parseProgramRules,
  PROGRAM_TYPES,
  programTypeOf,
  requiresDates,
} from "@/lib/loyalty";
import { texts } from "../support/catalog";

const WHOLE = "Must be a whole number greater than 0";

// The rules answer catalog keys (programEditor.rules.*); these tests read them in English.
function parse(type: string, input: unknown) {
  const result = parseProgramRules(type, input);
  return result.ok ? result : { ok: false as const, errors: texts("en", result.errors) };
}

describe("parseProgramRules defaults", () => {
  it.each([
    ["stamps", { stampsRequired: 10 }],
    ["points", { pointsPerVisit: 10, threshold: 100, pointsPerEuro: 0, minimumCents: 0 }],
    ["visits", { visitsRequired: 5 }],
    [
      "tier",
      {
        tiers: [
          { name: "Bronze", minVisits: 0 },
          { name: "Silver", minVisits: 5 },
          { name: "Gold", minVisits: 15 },
        ],
      },
    ],
    ["referral", { welcomeReward: false }],
    ["birthday", { windowDays: 7 }],
    ["anniversary", {}],
    ["challenge", { visitsRequired: 3, withinDays: 7 }],
    ["time-limited", { stampsRequired: 10 }],
    ["gamified", { winChance: 0.1 }],
    ["other", {}],
  ])("%s defaults to %j", (type, expected) => {
    expect(parse(type, {})).toEqual({ ok: true, rules: expected });
    expect(defaultRules(type)).toEqual(expected);
  });

  it("covers every program type", () => {
    expect(PROGRAM_TYPES).toHaveLength(11);
  });

  it("treats a missing rules value as all defaults", () => {
    expect(parse("stamps", null)).toEqual({ ok: true, rules: { stampsRequired: 10 } });
    expect(parse("stamps", undefined)).toEqual({ ok: true, rules: { stampsRequired: 10 } });
  });

  it("keeps the owner's values and fills in only what is missing", () => {
    expect(parse("points", { threshold: 50 })).toEqual({
      ok: true,
      rules: { pointsPerVisit: 10, threshold: 50, pointsPerEuro: 0, minimumCents: 0 },
    });
  });

  it("drops settings that belong to another type", () => {
    expect(parse("stamps", { stampsRequired: 8, threshold: 100 })).toEqual({
      ok: true,
      rules: { stampsRequired: 8 },
    });
  });

  it("the default tiers are a fresh copy each time", () => {
    const first = parseProgramRules("tier", {});
    if (!first.ok) throw new Error("expected defaults");
    first.rules.tiers[0]!.name = "Changed";
    expect(defaultRules("tier").tiers[0]!.name).toBe("Bronze");
  });
});

describe("parseProgramRules rejections", () => {
  it.each([
    ["stamps", "stampsRequired"],
    ["points", "pointsPerVisit"],
    ["points", "threshold"],
    ["visits", "visitsRequired"],
    ["challenge", "visitsRequired"],
    ["challenge", "withinDays"],
    ["time-limited", "stampsRequired"],
  ])("%s.%s must be a whole number greater than 0", (type, field) => {
    for (const bad of [0, -5, 2.5, "10", null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parse(type, { [field]: bad })).toEqual({ ok: false, errors: { [field]: WHOLE } });
    }
  });

  it("reports every bad field at once", () => {
    expect(parse("points", { pointsPerVisit: 0, threshold: -1 })).toEqual({
      ok: false,
      errors: { pointsPerVisit: WHOLE, threshold: WHOLE },
    });
  });

  it("rejects rules that are not an object", () => {
    for (const bad of [[], "stamps", 10]) {
      expect(parse("stamps", bad)).toEqual({ ok: false, errors: { form: "Rules must be an object" } });
    }
  });

  it("gamified winChance must be above 0 and at most 1", () => {
    expect(parse("gamified", { winChance: 0 })).toEqual({
      ok: false,
      errors: { winChance: "Must be greater than 0" },
    });
    expect(parse("gamified", { winChance: 1.5 })).toEqual({
      ok: false,
      errors: { winChance: "Must be at most 1" },
    });
    expect(parse("gamified", { winChance: 1 })).toEqual({ ok: true, rules: { winChance: 1 } });
    expect(parse("gamified", { winChance: "0.5" }).ok).toBe(false);
  });

  it("birthday windowDays allows 0 (the day itself) but not negatives, fractions or half a year", () => {
    expect(parse("birthday", { windowDays: 0 })).toEqual({ ok: true, rules: { windowDays: 0 } });
    for (const bad of [-1, 1.5, 181]) {
      const result = parse("birthday", { windowDays: bad });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.windowDays).toMatch(/whole number from 0 to 180/);
    }
  });

  it("referral welcomeReward must be a boolean", () => {
    expect(parse("referral", { welcomeReward: "yes" })).toEqual({
      ok: false,
      errors: { welcomeReward: "Must be true or false" },
    });
  });
});

describe("tier rules", () => {
  const tiers = (...list: { name: string; minVisits: number }[]) => ({ tiers: list });

  it("accepts sorted tiers starting at 0 and trims names", () => {
    expect(
      parseProgramRules("tier", tiers({ name: " Regular ", minVisits: 0 }, { name: "VIP", minVisits: 20 })),
    ).toEqual({
      ok: true,
      rules: {
        tiers: [
          { name: "Regular", minVisits: 0 },
          { name: "VIP", minVisits: 20 },
        ],
      },
    });
  });

  it("the first tier must start at 0 visits", () => {
    expect(parse("tier", tiers({ name: "Silver", minVisits: 5 }))).toEqual({
      ok: false,
      errors: { "tiers.0.minVisits": "The first tier must start at 0 visits" },
    });
  });

  it("tiers must be sorted by minVisits, without ties", () => {
    const unsorted = tiers(
      { name: "Bronze", minVisits: 0 },
      { name: "Gold", minVisits: 15 },
      { name: "Silver", minVisits: 5 },
    );
    expect(parse("tier", unsorted)).toEqual({
      ok: false,
      errors: { "tiers.2.minVisits": "Must be more than the previous tier (15)" },
    });
    const tie = tiers(
      { name: "Bronze", minVisits: 0 },
      { name: "Silver", minVisits: 5 },
      { name: "Gold", minVisits: 5 },
    );
    expect(parse("tier", tie).ok).toBe(false);
  });

  it("tier names must be unique (ignoring case)", () => {
    const dup = tiers({ name: "Gold", minVisits: 0 }, { name: "gold", minVisits: 5 });
    expect(parse("tier", dup)).toEqual({
      ok: false,
      errors: { "tiers.1.name": "Tier names must be unique" },
    });
  });

  it("rejects empty lists, blank names and bad thresholds", () => {
    expect(parse("tier", { tiers: [] })).toEqual({ ok: false, errors: { tiers: "Add at least one tier" } });
    expect(parse("tier", tiers({ name: "  ", minVisits: 0 }))).toEqual({
      ok: false,
      errors: { "tiers.0.name": "Name is required" },
    });
    const result = parse("tier", tiers({ name: "Bronze", minVisits: 0 }, { name: "Silver", minVisits: -3 }));
    expect(result).toEqual({ ok: false, errors: { "tiers.1.minVisits": "Must be a whole number (0 or more)" } });
    expect(parse("tier", { tiers: "Bronze" })).toEqual({
      ok: false,
      errors: { tiers: "Tiers must be a list" },
    });
  });
});

describe("program types", () => {
  it("unknown types fall back to other and accept any rules object", () => {
    expect(programTypeOf("mystery-box")).toBe("other");
    expect(isProgramType("mystery-box")).toBe(false);
    expect(parse("mystery-box", { anything: 1 })).toEqual({ ok: true, rules: {} });
    expect(defaultRules("mystery-box")).toEqual({});
  });

  it("does not mistake inherited object keys for program types", () => {
    expect(isProgramType("toString")).toBe(false);
    expect(programTypeOf("__proto__")).toBe("other");
  });

  it("only time-limited programs require start and end dates", () => {
    expect(requiresDates("time-limited")).toBe(true);
    for (const type of PROGRAM_TYPES.filter((t) => t !== "time-limited")) expect(requiresDates(type)).toBe(false);
    expect(requiresDates("mystery-box")).toBe(false);
  });
});
