// Points: thresholds, carry-over and several rewards from one big visit.
import { applyVisit, describeProgress, emptyProgress } from "@/lib/loyalty";
import { applyPoints } from "@/lib/loyalty/points";
import type { ProgramInput, ProgressState } from "@/lib/loyalty";
import { engineContext } from "../support/loyalty";
import { lineText, readSummary, readProgress } from "@/tests/support/catalog";

const ctx = engineContext();

const program = (rules: unknown = {}): ProgramInput => ({ type: "points", rules, startDate: null, endDate: null });
const progress = (count: number, total = count): ProgressState => ({ count, total, tier: null, state: {} });

describe("points", () => {
  it("adds 10 points per visit by default", () => {
    const result = applyVisit(program(), emptyProgress(), ctx);
    expect(result.rewardsIssued).toBe(0);
    expect(result.next).toMatchObject({ count: 10, total: 10 });
    expect(readSummary(result.summary)).toEqual({
      type: "points",
      message: "+10 points: 10/100",
      current: 10,
      target: 100,
    });
  });

  it("issues the reward when the balance reaches the threshold exactly, leaving 0", () => {
    const result = applyVisit(program(), progress(90), ctx);
    expect(result.rewardsIssued).toBe(1);
    expect(result.next).toMatchObject({ count: 0, total: 100 });
  });

  it("ten default visits earn exactly one reward", () => {
    let state = emptyProgress();
    let earned = 0;
    for (let i = 0; i < 10; i++) {
      const result = applyVisit(program(), state, ctx);
      earned += result.rewardsIssued;
      state = result.next;
    }
    expect(earned).toBe(1);
    expect(state).toMatchObject({ count: 0, total: 100 });
  });

  it("carries overshoot points over to the next reward", () => {
    const result = applyPoints({ pointsPerVisit: 30, threshold: 100 }, progress(80, 380));
    expect(result.rewardsIssued).toBe(1);
    expect(result.next).toMatchObject({ count: 10, total: 410 });
    expect(lineText(result.summary.line)).toBe("+30 points: reward earned! 10/100 towards the next");
  });

  it("issues as many rewards as fit when one visit is worth several thresholds", () => {
    const result = applyPoints({ pointsPerVisit: 250, threshold: 100 }, progress(60));
    expect(result.rewardsIssued).toBe(3);
    expect(result.next.count).toBe(10);
    expect(lineText(result.summary.line)).toMatch(/3 rewards earned/);
  });

  it("exactly twice the threshold issues two rewards and leaves 0", () => {
    const result = applyPoints({ pointsPerVisit: 200, threshold: 100 }, progress(0));
    expect(result.rewardsIssued).toBe(2);
    expect(result.next.count).toBe(0);
  });

  it("pays out a balance left above a threshold the owner lowered", () => {
    const result = applyVisit(program({ pointsPerVisit: 10, threshold: 50 }), progress(95), ctx);
    expect(result.rewardsIssued).toBe(2);
    expect(result.next.count).toBe(5);
  });

  it("total keeps every point ever earned, across rewards", () => {
    let state = emptyProgress();
    for (let i = 0; i < 7; i++) state = applyVisit(program({ pointsPerVisit: 40 }), state, ctx).next;
    expect(state.total).toBe(280);
    expect(state.count).toBe(80);
  });

  it("describes the balance as points out of the threshold", () => {
    expect(readProgress(describeProgress("points", {}, progress(60)))).toEqual({
      current: 60,
      target: 100,
      label: "60/100 points",
    });
  });
});
