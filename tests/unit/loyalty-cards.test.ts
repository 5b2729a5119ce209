// Stamp cards, visit cards, time-limited cards and the "other" fallback.
import { applyVisit, describeProgress, emptyProgress, isProgramInDate } from "@/lib/loyalty";
import { applyStamps } from "@/lib/loyalty/stamps";
import type { EngineContext, ProgramInput, ProgressState, VisitResult } from "@/lib/loyalty";
import { engineContext } from "../support/loyalty";
import { lineText, readSummary, readProgress } from "@/tests/support/catalog";

const ctx = (overrides: Partial<EngineContext> = {}) => engineContext({ random: () => 0.99, ...overrides });

function program(
  type: string,
  rules: unknown = {},
  dates: Partial<Pick<ProgramInput, "startDate" | "endDate">> = {},
): ProgramInput {
  return { type, rules, startDate: null, endDate: null, ...dates };
}

/** Runs `n` visits in a row and returns every result. */
function visit(
  p: ProgramInput,
  n: number,
  from: ProgressState = emptyProgress(),
  c: EngineContext = ctx(),
): VisitResult[] {
  const results: VisitResult[] = [];
  let progress = from;
  for (let i = 0; i < n; i++) {
    const result = applyVisit(p, progress, c);
    results.push(result);
    progress = result.next;
  }
  return results;
}

const last = (results: VisitResult[]): VisitResult => results[results.length - 1]!;
const rewards = (results: VisitResult[]): number => results.reduce((sum, r) => sum + r.rewardsIssued, 0);

describe("stamps", () => {
  it("adds one stamp per visit without a reward before the card is full", () => {
    const results = visit(program("stamps"), 9);
    expect(rewards(results)).toBe(0);
    expect(last(results).next).toMatchObject({ count: 9, total: 9 });
    expect(readSummary(last(results).summary)).toEqual({
      type: "stamps",
      message: "Stamp added: 9/10",
      current: 9,
      target: 10,
    });
  });

  it("issues the reward on exactly the 10th stamp and starts a fresh card", () => {
    const results = visit(program("stamps"), 10);
    expect(results.map((r) => r.rewardsIssued)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(last(results).next).toMatchObject({ count: 0, total: 10 });
    expect(last(results).summary).toMatchObject({ current: 10, target: 10 });
    expect(lineText(last(results).summary.line)).toMatch(/reward earned/i);
  });

  it("earns one reward per full card over many visits", () => {
    const results = visit(program("stamps", { stampsRequired: 3 }), 10);
    expect(rewards(results)).toBe(3);
    expect(last(results).next).toMatchObject({ count: 1, total: 10 });
  });

  it("completes the card on the next visit when the owner lowers the target below a customer's stamps", () => {
    const result = applyVisit(
      program("stamps", { stampsRequired: 5 }),
      { count: 7, total: 7, tier: null, state: {} },
      ctx(),
    );
    expect(result.rewardsIssued).toBe(1);
    expect(result.next.count).toBe(0);
  });

  it("a one-stamp card rewards every visit", () => {
    expect(rewards(visit(program("stamps", { stampsRequired: 1 }), 4))).toBe(4);
  });

  it("does not mutate the progress it was given", () => {
    const before: ProgressState = { count: 9, total: 19, tier: null, state: { note: "keep" } };
    const snapshot = structuredClone(before);
    const result = applyStamps({ stampsRequired: 10 }, before);
    expect(before).toEqual(snapshot);
    expect(result.next.state).toEqual({ note: "keep" });
  });

  it("describes the card as stamps out of the target", () => {
    expect(readProgress(describeProgress("stamps", {}, { count: 7, total: 27, tier: null, state: {} }))).toEqual({
      current: 7,
      target: 10,
      label: "7/10 stamps",
    });
  });
});

describe("visits", () => {
  it("rewards every 5th visit by default, counting visits towards the next", () => {
    const results = visit(program("visits"), 11);
    expect(results.map((r) => r.rewardsIssued)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
    expect(last(results).next).toMatchObject({ count: 1, total: 11 });
    expect(readSummary(results[3]!.summary)).toEqual({
      type: "visits",
      message: "Visit recorded: 4/5",
      current: 4,
      target: 5,
    });
  });

  it("honours a custom visitsRequired", () => {
    expect(rewards(visit(program("visits", { visitsRequired: 2 }), 6))).toBe(3);
  });

  it("describes visits towards the next reward", () => {
    expect(
      lineText(describeProgress("visits", { visitsRequired: 8 }, { count: 3, total: 19, tier: null, state: {} }).line),
    ).toBe("3/8 visits");
  });
});

describe("time-limited", () => {
  const dates = { startDate: new Date("2025-06-01T00:00:00Z"), endDate: new Date("2025-06-30T00:00:00Z") };

  it("works like a stamp card while the offer runs", () => {
    const results = visit(program("time-limited", {}, dates), 10, emptyProgress(), ctx({ localDate: "2025-06-15" }));
    expect(rewards(results)).toBe(1);
    expect(last(results).next).toMatchObject({ count: 0, total: 10 });
    expect(last(results).summary.type).toBe("time-limited");
  });

  it("counts on the first and the last day (both inclusive)", () => {
    for (const localDate of ["2025-06-01", "2025-06-30"]) {
      const result = applyVisit(program("time-limited", {}, dates), emptyProgress(), ctx({ localDate }));
      expect(result.next.count).toBe(1);
    }
  });

  it("records no progress before the start or after the end", () => {
    const progress: ProgressState = { count: 9, total: 9, tier: null, state: {} };
    for (const localDate of ["2025-05-31", "2025-07-01"]) {
      const result = applyVisit(program("time-limited", { stampsRequired: 10 }, dates), progress, ctx({ localDate }));
      expect(result.rewardsIssued).toBe(0);
      expect(result.next).toEqual(progress);
      expect(lineText(result.summary.line)).toMatch(/not running/);
    }
  });

  it("describes the card like stamps", () => {
    expect(
      lineText(
        describeProgress("time-limited", { stampsRequired: 6 }, { count: 2, total: 2, tier: null, state: {} }).line,
      ),
    ).toBe("2/6 stamps");
  });
});

describe("isProgramInDate", () => {
  const june = { startDate: new Date("2025-06-01T00:00:00Z"), endDate: new Date("2025-06-30T00:00:00Z") };

  it("is inclusive on both ends", () => {
    expect(isProgramInDate(june, "2025-06-01")).toBe(true);
    expect(isProgramInDate(june, "2025-06-30")).toBe(true);
    expect(isProgramInDate(june, "2025-05-31")).toBe(false);
    expect(isProgramInDate(june, "2025-07-01")).toBe(false);
  });

  it("treats a missing date as open-ended", () => {
    expect(isProgramInDate({ startDate: null, endDate: null }, "1999-01-01")).toBe(true);
    expect(isProgramInDate({ startDate: june.startDate, endDate: null }, "2030-01-01")).toBe(true);
    expect(isProgramInDate({ startDate: null, endDate: june.endDate }, "2025-07-01")).toBe(false);
  });
});

describe("other and unknown types", () => {
  it("counts visits but never issues a reward", () => {
    const results = visit(program("other"), 50);
    expect(rewards(results)).toBe(0);
    expect(last(results).next).toMatchObject({ count: 50, total: 50 });
  });

  it("runs an unknown type as other, ignoring whatever its rules say", () => {
    const results = visit(program("mystery-box", { prize: "cake", stampsRequired: 1 }), 3);
    expect(rewards(results)).toBe(0);
    expect(last(results).next).toMatchObject({ count: 3, total: 3 });
    expect(last(results).summary.type).toBe("other");
  });

  it("describes a plain visit count", () => {
    expect(lineText(describeProgress("mystery-box", {}, { count: 1, total: 1, tier: null, state: {} }).line)).toBe(
      "1 visit",
    );
    expect(readProgress(describeProgress("other", {}, { count: 12, total: 12, tier: null, state: {} }))).toEqual({
      current: 12,
      target: null,
      label: "12 visits",
    });
  });
});
