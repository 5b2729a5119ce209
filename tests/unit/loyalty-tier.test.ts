// Tiers: cumulative visits, one reward per newly reached tier, never twice.
import { applyVisit, describeProgress, emptyProgress, tierFor } from "@/lib/loyalty";
import type { ProgramInput, ProgressState, Tier, VisitResult } from "@/lib/loyalty";
import { engineContext } from "../support/loyalty";
import { lineText, readSummary, readProgress } from "@/tests/support/catalog";

const ctx = engineContext();

const program = (rules: unknown = {}): ProgramInput => ({ type: "tier", rules, startDate: null, endDate: null });

function visits(p: ProgramInput, n: number, from: ProgressState = emptyProgress()): VisitResult[] {
  const results: VisitResult[] = [];
  let progress = from;
  for (let i = 0; i < n; i++) {
    const result = applyVisit(p, progress, ctx);
    results.push(result);
    progress = result.next;
  }
  return results;
}

describe("tier", () => {
  it("puts a newcomer in Bronze on the first visit without a reward", () => {
    const result = applyVisit(program(), emptyProgress(), ctx);
    expect(result.rewardsIssued).toBe(0);
    expect(result.next).toMatchObject({ count: 1, total: 1, tier: "Bronze" });
    expect(readSummary(result.summary)).toEqual({
      type: "tier",
      message: "Bronze: 4 visits to Silver",
      current: 1,
      target: 5,
    });
  });

  it("rewards reaching Silver on exactly the 5th visit and Gold on the 15th, once each", () => {
    const results = visits(program(), 20);
    const rewardedAt = results.flatMap((r, i) => (r.rewardsIssued > 0 ? [i + 1] : []));
    expect(rewardedAt).toEqual([5, 15]);
    expect(results[4]!.next.tier).toBe("Silver");
    expect(lineText(results[4]!.summary.line)).toBe("Welcome to Silver! Reward earned");
    expect(results[19]!.next).toMatchObject({ tier: "Gold", total: 20 });
    expect(lineText(results[19]!.summary.line)).toBe("Gold: top tier");
    expect(results[19]!.summary.target).toBeUndefined();
  });

  it("issues one reward per tier skipped in a single step (rules changed)", () => {
    // 12 visits under rules where Silver was at 20: still Bronze.
    const before: ProgressState = { count: 12, total: 12, tier: "Bronze", state: { reachedTiers: ["Bronze"] } };
    const lowered = program({
      tiers: [
        { name: "Bronze", minVisits: 0 },
        { name: "Silver", minVisits: 5 },
        { name: "Gold", minVisits: 10 },
      ],
    });
    const result = applyVisit(lowered, before, ctx);
    expect(result.rewardsIssued).toBe(2);
    expect(result.next.tier).toBe("Gold");
    expect(result.next.state.reachedTiers).toEqual(["Bronze", "Silver", "Gold"]);
    expect(lineText(result.summary.line)).toBe("Welcome to Silver, Gold! Reward earned");
  });

  it("never rewards a tier again after the owner raises and lowers its threshold", () => {
    const [silverReached] = visits(program(), 5).slice(-1);
    expect(silverReached!.rewardsIssued).toBe(1);

    // Owner raises Silver to 10: customer drops back to Bronze on the tier display.
    const raised = program({
      tiers: [
        { name: "Bronze", minVisits: 0 },
        { name: "Silver", minVisits: 10 },
      ],
    });
    const afterRaise = visits(raised, 5, silverReached!.next);
    expect(afterRaise[0]!.next.tier).toBe("Bronze");
    // Reaching 10 visits = Silver again, but it was already paid.
    expect(afterRaise.map((r) => r.rewardsIssued)).toEqual([0, 0, 0, 0, 0]);
    expect(afterRaise[4]!.next.tier).toBe("Silver");
  });

  it("treats the stored tier of an older row as already reached", () => {
    const legacy: ProgressState = { count: 7, total: 7, tier: "Silver", state: {} };
    const result = applyVisit(program(), legacy, ctx);
    expect(result.rewardsIssued).toBe(0);
    expect(result.next.tier).toBe("Silver");
  });

  it("rewards a tier added later once the customer is past it", () => {
    const before: ProgressState = { count: 8, total: 8, tier: "Silver", state: { reachedTiers: ["Bronze", "Silver"] } };
    const withPlatinum = program({
      tiers: [
        { name: "Bronze", minVisits: 0 },
        { name: "Silver", minVisits: 5 },
        { name: "Platinum", minVisits: 7 },
      ],
    });
    const result = applyVisit(withPlatinum, before, ctx);
    expect(result.rewardsIssued).toBe(1);
    expect(result.next.tier).toBe("Platinum");
  });

  it("tierFor picks the highest tier met and the next one", () => {
    const tiers: Tier[] = [
      { name: "Bronze", minVisits: 0 },
      { name: "Silver", minVisits: 5 },
      { name: "Gold", minVisits: 15 },
    ];
    expect(tierFor(tiers, 0)).toEqual({ current: tiers[0], next: tiers[1] });
    expect(tierFor(tiers, 14)).toEqual({ current: tiers[1], next: tiers[2] });
    expect(tierFor(tiers, 15)).toEqual({ current: tiers[2], next: null });
  });

  it("describes the tier and the visits to the next", () => {
    const silver: ProgressState = { count: 12, total: 12, tier: "Silver", state: {} };
    expect(readProgress(describeProgress("tier", {}, silver))).toEqual({
      current: 12,
      target: 15,
      label: "Silver — 3 visits to Gold",
    });
    expect(lineText(describeProgress("tier", {}, { ...silver, total: 14 }).line)).toBe("Silver — 1 visit to Gold");
    expect(readProgress(describeProgress("tier", {}, { ...silver, total: 30 }))).toEqual({
      current: 30,
      target: null,
      label: "Gold — top tier",
    });
    expect(lineText(describeProgress("tier", {}, emptyProgress()).line)).toBe("Bronze — 5 visits to Silver");
  });
});
