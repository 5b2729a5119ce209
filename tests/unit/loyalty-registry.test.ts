// The registry: dispatch, stored-row hygiene, date gating and purity.
import { applyVisit, describeProgress, emptyProgress, InvalidProgramRulesError, PROGRAM_TYPES } from "@/lib/loyalty";
import type { EngineContext, ProgramInput } from "@/lib/loyalty";
import { lineText, readProgress } from "@/tests/support/catalog";
import { message } from "@/lib/i18n/message";

const ctx: EngineContext = {
  now: new Date("2025-03-10T12:00:00Z"),
  localDate: "2025-03-10",
  isFirstVisit: true,
  membershipLinkedAt: new Date("2023-03-10T10:00:00Z"),
  birthday: "1990-03-10",
  random: () => 0.05,
  referrerId: "friend",
};

const program = (type: string, rules: unknown = {}, dates: Partial<ProgramInput> = {}): ProgramInput => ({
  type,
  rules,
  startDate: null,
  endDate: null,
  ...dates,
});

describe("applyVisit", () => {
  it.each(PROGRAM_TYPES)("dispatches %s to its own rule", (type) => {
    const result = applyVisit(program(type), emptyProgress(), ctx);
    expect(result.summary.type).toBe(type);
    expect(result.next.total).toBeGreaterThan(0);
  });

  it("is pure: no wall clock, no Math.random, input untouched, same answer twice", () => {
    const now = jest.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("rules must use ctx.now");
    });
    const random = jest.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("rules must use ctx.random");
    });
    try {
      for (const type of PROGRAM_TYPES) {
        const progress = { count: 2, total: 2, tier: null, state: { keep: true } };
        const frozen = structuredClone(progress);
        const first = applyVisit(program(type), progress, ctx);
        expect(applyVisit(program(type), progress, ctx)).toEqual(first);
        expect(progress).toEqual(frozen);
        expect(first.next.state.keep).toBe(true);
      }
    } finally {
      now.mockRestore();
      random.mockRestore();
    }
  });

  it("treats a missing or malformed stored row as empty progress", () => {
    expect(applyVisit(program("stamps"), null, ctx).next).toEqual({ count: 1, total: 1, tier: null, state: {} });
    const junk = { count: -4, total: Number.NaN, state: [] as unknown as Record<string, unknown> };
    expect(applyVisit(program("stamps"), junk, ctx).next).toEqual({ count: 1, total: 1, tier: null, state: {} });
  });

  it("any program outside its start/end dates records nothing", () => {
    const ended = program("stamps", {}, { endDate: new Date("2025-03-09T00:00:00Z") });
    const progress = { count: 9, total: 9, tier: null, state: {} };
    const result = applyVisit(ended, progress, ctx);
    expect(result).toEqual({
      next: progress,
      rewardsIssued: 0,
      summary: { type: "stamps", line: { key: "programs.visit.notRunning", values: {} } },
    });
    expect(lineText(result.summary.line)).toBe("This program is not running today");
  });

  it("refuses stored rules that do not validate rather than guessing", () => {
    const broken = program("stamps", { stampsRequired: 0 });
    expect(() => applyVisit(broken, emptyProgress(), ctx)).toThrow(InvalidProgramRulesError);
    try {
      applyVisit(broken, emptyProgress(), ctx);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidProgramRulesError);
      expect((error as InvalidProgramRulesError).errors).toEqual({
        stampsRequired: message("programEditor.rules.wholePositive", { min: 1 }),
      });
    }
  });

  it("only points can issue more than one reward in a visit", () => {
    const maxed = { count: 1_000, total: 1_000, tier: null, state: {} };
    for (const type of PROGRAM_TYPES.filter((t) => t !== "points" && t !== "tier")) {
      expect(applyVisit(program(type), maxed, ctx).rewardsIssued).toBeLessThanOrEqual(1);
    }
    expect(applyVisit(program("points", { pointsPerVisit: 500 }), emptyProgress(), ctx).rewardsIssued).toBe(5);
  });
});

describe("describeProgress", () => {
  it.each([
    ["stamps", {}, { count: 7 }, { current: 7, target: 10, label: "7/10 stamps" }],
    ["points", {}, { count: 60 }, { current: 60, target: 100, label: "60/100 points" }],
    [
      "tier",
      {},
      { count: 12, total: 12, tier: "Silver" },
      { current: 12, target: 15, label: "Silver — 3 visits to Gold" },
    ],
    ["visits", {}, { count: 4 }, { current: 4, target: 5, label: "4/5 visits" }],
    ["challenge", {}, { count: 1 }, { current: 1, target: 3, label: "1/3 visits within 7 days" }],
  ])("%s reads naturally", (type, rules, progress, expected) => {
    expect(readProgress(describeProgress(type, rules, progress))).toEqual(expected);
  });

  it("falls back to a visit count when stored rules are invalid", () => {
    expect(readProgress(describeProgress("stamps", { stampsRequired: -1 }, { count: 3, total: 3 }))).toEqual({
      current: 3,
      target: null,
      label: "3 visits",
    });
  });
});
