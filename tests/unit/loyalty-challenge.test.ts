// Challenge: N visits within a window of days, one reward per window, sliding.
import { applyVisit, describeProgress, emptyProgress } from "@/lib/loyalty";
import type { ProgramInput, ProgressState } from "@/lib/loyalty";
import { engineContext } from "../support/loyalty";
import { lineText, readSummary, readProgress } from "@/tests/support/catalog";

const ctx = (localDate: string) => engineContext({ now: new Date(`${localDate}T12:00:00Z`), localDate });

const program = (rules: unknown = {}): ProgramInput => ({ type: "challenge", rules, startDate: null, endDate: null });

function visitOn(p: ProgramInput, dates: string[], from: ProgressState = emptyProgress()) {
  let progress = from;
  const steps = dates.map((date) => {
    const result = applyVisit(p, progress, ctx(date));
    progress = result.next;
    return { rewards: result.rewardsIssued, count: result.next.count, summary: result.summary };
  });
  return { rewards: steps.map((s) => s.rewards), counts: steps.map((s) => s.count), steps, progress };
}

describe("challenge (3 visits within 7 days by default)", () => {
  it("rewards the 3rd visit inside the window and resets", () => {
    const { rewards, counts, steps, progress } = visitOn(program(), ["2025-03-03", "2025-03-05", "2025-03-07"]);
    expect(rewards).toEqual([0, 0, 1]);
    expect(counts).toEqual([1, 2, 0]);
    expect(readSummary(steps[1]!.summary)).toEqual({
      type: "challenge",
      message: "2/3 visits within 7 days",
      current: 2,
      target: 3,
    });
    expect(lineText(steps[2]!.summary.line)).toMatch(/Challenge complete/);
    expect(progress).toMatchObject({ total: 3, state: { windowStart: null } });
  });

  it("the window covers 7 calendar days: day 7 after the start is already outside", () => {
    // Monday to Sunday counts…
    expect(visitOn(program(), ["2025-03-03", "2025-03-05", "2025-03-09"]).rewards).toEqual([0, 0, 1]);
    // …the following Monday does not: it opens a new window with count 1.
    const late = visitOn(program(), ["2025-03-03", "2025-03-05", "2025-03-10"]);
    expect(late.rewards).toEqual([0, 0, 0]);
    expect(late.counts).toEqual([1, 2, 1]);
    expect(late.progress.state.windowStart).toBe("2025-03-10");
  });

  it("slides: after an expired window a new one starts at the next visit", () => {
    const { rewards, counts } = visitOn(program(), [
      "2025-03-01",
      "2025-03-02", // 2 in the first window
      "2025-03-20", // expired → new window, 1
      "2025-03-21",
      "2025-03-22", // 3 within the new window
    ]);
    expect(counts).toEqual([1, 2, 1, 2, 0]);
    expect(rewards).toEqual([0, 0, 0, 0, 1]);
  });

  it("rewards once per window: visits after a reward start a new window", () => {
    const { rewards, counts } = visitOn(program(), [
      "2025-03-03",
      "2025-03-03",
      "2025-03-04", // reward
      "2025-03-05", // new window from here
      "2025-03-06",
      "2025-03-07", // second reward in a fresh window
    ]);
    expect(rewards).toEqual([0, 0, 1, 0, 0, 1]);
    expect(counts).toEqual([1, 2, 0, 1, 2, 0]);
  });

  it("honours custom rules (5 visits within 30 days)", () => {
    const dates = ["2025-01-01", "2025-01-08", "2025-01-15", "2025-01-22", "2025-01-30"];
    expect(visitOn(program({ visitsRequired: 5, withinDays: 30 }), dates).rewards).toEqual([0, 0, 0, 0, 1]);
    const tooSlow = [...dates.slice(0, 4), "2025-01-31"];
    expect(visitOn(program({ visitsRequired: 5, withinDays: 30 }), tooSlow).counts).toEqual([1, 2, 3, 4, 1]);
  });

  it("a window crosses month and year boundaries", () => {
    expect(visitOn(program(), ["2025-12-30", "2026-01-01", "2026-01-05"]).rewards).toEqual([0, 0, 1]);
  });

  it("describes progress in the window, showing 0 once it ran out", () => {
    const { progress } = visitOn(program(), ["2025-03-03", "2025-03-04"]);
    expect(readProgress(describeProgress("challenge", {}, progress))).toEqual({
      current: 2,
      target: 3,
      label: "2/3 visits within 7 days",
    });
    expect(describeProgress("challenge", {}, progress, "2025-03-09").current).toBe(2);
    expect(readProgress(describeProgress("challenge", {}, progress, "2025-03-10"))).toEqual({
      current: 0,
      target: 3,
      label: "0/3 visits within 7 days",
    });
  });
});
