// Gamified: each visit is a draw decided by the injected RNG.
import { applyVisit, describeProgress, emptyProgress } from "@/lib/loyalty";
import type { ProgramInput, ProgressState } from "@/lib/loyalty";
import { engineContext } from "../support/loyalty";
import { lineText, readProgress } from "@/tests/support/catalog";

const ctx = (random: () => number) => engineContext({ random });

/** An RNG that replays the given values in order. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

const program = (rules: unknown = {}): ProgramInput => ({ type: "gamified", rules, startDate: null, endDate: null });

describe("gamified (10% win chance by default)", () => {
  it("a draw of 0.05 wins", () => {
    const result = applyVisit(
      program(),
      emptyProgress(),
      ctx(() => 0.05),
    );
    expect(result.rewardsIssued).toBe(1);
    expect(result.next).toMatchObject({ count: 1, total: 1, state: { wins: 1 } });
    expect(lineText(result.summary.line)).toMatch(/You won/);
  });

  it("a draw of 0.5 loses but still counts the play", () => {
    const result = applyVisit(
      program(),
      emptyProgress(),
      ctx(() => 0.5),
    );
    expect(result.rewardsIssued).toBe(0);
    expect(result.next).toMatchObject({ count: 1, total: 1, state: { wins: 0 } });
    expect(lineText(result.summary.line)).toMatch(/No win/);
  });

  it("the boundary draw equal to the chance loses (wins are [0, chance))", () => {
    expect(
      applyVisit(
        program({ winChance: 0.25 }),
        emptyProgress(),
        ctx(() => 0.25),
      ).rewardsIssued,
    ).toBe(0);
    expect(
      applyVisit(
        program({ winChance: 0.25 }),
        emptyProgress(),
        ctx(() => 0.2499),
      ).rewardsIssued,
    ).toBe(1);
  });

  it("a chance of 1 always wins", () => {
    expect(
      applyVisit(
        program({ winChance: 1 }),
        emptyProgress(),
        ctx(() => 0.999999),
      ).rewardsIssued,
    ).toBe(1);
  });

  it("draws exactly once per visit and tracks plays and wins", () => {
    const random = jest.fn(sequence(0.5, 0.01, 0.9, 0.09));
    let progress: ProgressState = emptyProgress();
    const outcomes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const result = applyVisit(program(), progress, ctx(random));
      outcomes.push(result.rewardsIssued);
      progress = result.next;
    }
    expect(random).toHaveBeenCalledTimes(4);
    expect(outcomes).toEqual([0, 1, 0, 1]);
    expect(progress).toMatchObject({ count: 4, total: 4, state: { wins: 2 } });
  });

  it("describes plays and wins", () => {
    const progress: ProgressState = { count: 12, total: 12, tier: null, state: { wins: 1 } };
    expect(readProgress(describeProgress("gamified", {}, progress))).toEqual({
      current: 12,
      target: null,
      label: "12 plays, 1 win",
    });
  });
});
