// Two cards of one customer made one (a guest merged into its account): the
// rules' edges the integration test does not reach. docs/loyalty-programs.md, "Merging two cards".
import { applyVisit, type ProgramInput, type ProgressState } from "@/lib/loyalty";
import { mergeProgress } from "@/lib/loyalty/merge";
import { engineContext } from "../support/loyalty";

const program = (type: string, rules: unknown, dates: Partial<ProgramInput> = {}): ProgramInput => ({
  type,
  rules,
  startDate: null,
  endDate: null,
  ...dates,
});
const at = (count: number, total = count, state: Record<string, unknown> = {}): ProgressState => ({
  count,
  total,
  tier: null,
  state,
});
const running = { localDate: "2025-03-10", active: true };

describe("mergeProgress", () => {
  test("stamps: the guest's marks count as that many taps would, the rest carrying on the fresh card", () => {
    const stamps = program("stamps", { stampsRequired: 10 });
    const merged = mergeProgress(stamps, at(8, 18), at(5, 5), running);
    expect(merged).toEqual({ next: at(3, 23), rewardsIssued: 1 });
    // Five taps on the account's 8/10 card end the same way.
    let card = at(8, 18);
    let rewards = 0;
    for (let i = 0; i < 5; i++) {
      const visit = applyVisit(stamps, card, engineContext());
      card = visit.next;
      rewards += visit.rewardsIssued;
    }
    expect({ count: card.count, rewards }).toEqual({ count: 3, rewards: 1 });
  });

  test("a paused program adds the counts up but issues nothing", () => {
    const merged = mergeProgress(program("stamps", { stampsRequired: 10 }), at(8), at(5), {
      ...running,
      active: false,
    });
    expect(merged).toEqual({ next: at(13), rewardsIssued: 0 });
  });

  test("a time-limited offer outside its dates issues nothing", () => {
    const ended = program("time-limited", { stampsRequired: 4 }, { endDate: new Date("2025-03-01T00:00:00Z") });
    expect(mergeProgress(ended, at(3), at(3), running).rewardsIssued).toBe(0);
  });

  test("rules that no longer validate add up and issue nothing", () => {
    const broken = program("points", { threshold: -1 });
    expect(mergeProgress(broken, at(90), at(90), running)).toEqual({ next: at(180), rewardsIssued: 0 });
  });

  test("challenge: with both windows open the earlier one is kept", () => {
    const challenge = program("challenge", { visitsRequired: 5, withinDays: 7 });
    const merged = mergeProgress(
      challenge,
      at(1, 1, { windowStart: "2025-03-09" }),
      at(2, 2, { windowStart: "2025-03-07" }),
      running,
    );
    expect(merged.next).toMatchObject({ count: 3, state: { windowStart: "2025-03-07" } });
  });

  test("one side missing: the other card as it was", () => {
    expect(mergeProgress(program("points", {}), null, at(40, 40), running)).toEqual({
      next: at(40, 40),
      rewardsIssued: 0,
    });
  });
});
