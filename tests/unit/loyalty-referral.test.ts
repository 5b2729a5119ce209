// Referral: the friend who invited a newcomer is rewarded on the newcomer's first visit.
import { applyVisit, creditReferrer, describeProgress, emptyProgress } from "@/lib/loyalty";
import type { EngineContext, ProgramInput, ProgressState } from "@/lib/loyalty";
import { lineText, readProgress } from "@/tests/support/catalog";

function ctx(overrides: Partial<EngineContext> = {}): EngineContext {
  return {
    now: new Date("2025-03-10T12:00:00Z"),
    localDate: "2025-03-10",
    isFirstVisit: true,
    membershipLinkedAt: new Date("2025-03-10T11:59:00Z"),
    birthday: null,
    random: () => 0.5,
    referrerId: "user-referrer",
    ...overrides,
  };
}

const program = (rules: unknown = {}): ProgramInput => ({ type: "referral", rules, startDate: null, endDate: null });

describe("referral", () => {
  it("rewards the referrer, not the newcomer, on the newcomer's first visit by default", () => {
    const result = applyVisit(program(), emptyProgress(), ctx());
    expect(result.referrerRewards).toBe(1);
    expect(result.rewardsIssued).toBe(0);
    expect(result.next).toMatchObject({ count: 1, total: 1, state: { referralCredited: true } });
    expect(lineText(result.summary.line)).toBe("Welcome! Your friend earned a reward");
  });

  it("also welcomes the newcomer when welcomeReward is on", () => {
    const result = applyVisit(program({ welcomeReward: true }), emptyProgress(), ctx());
    expect(result.referrerRewards).toBe(1);
    expect(result.rewardsIssued).toBe(1);
  });

  it("pays nothing on later visits", () => {
    const first = applyVisit(program({ welcomeReward: true }), emptyProgress(), ctx());
    const second = applyVisit(program({ welcomeReward: true }), first.next, ctx({ isFirstVisit: false }));
    expect(second.referrerRewards).toBe(0);
    expect(second.rewardsIssued).toBe(0);
    expect(second.next.total).toBe(2);
  });

  it("pays only once even if a first visit were replayed", () => {
    const first = applyVisit(program(), emptyProgress(), ctx());
    const replay = applyVisit(program(), first.next, ctx());
    expect(replay.referrerRewards).toBe(0);
  });

  it("pays nothing for a customer who came without a referrer", () => {
    for (const referrerId of [null, undefined, ""]) {
      const result = applyVisit(program({ welcomeReward: true }), emptyProgress(), ctx({ referrerId }));
      expect(result.referrerRewards).toBe(0);
      expect(result.rewardsIssued).toBe(0);
    }
  });

  it("pays nothing when the referred customer's first visit predates the program", () => {
    const result = applyVisit(program(), emptyProgress(), ctx({ isFirstVisit: false }));
    expect(result.referrerRewards).toBe(0);
  });

  it("creditReferrer counts the friends a customer brought in", () => {
    let referrer: ProgressState = { count: 4, total: 4, tier: null, state: {} };
    referrer = creditReferrer(creditReferrer(referrer));
    expect(referrer).toMatchObject({ count: 4, total: 4, state: { referrals: 2 } });
    expect(readProgress(describeProgress("referral", {}, referrer))).toEqual({
      current: 2,
      target: null,
      label: "2 friends referred",
    });
    expect(lineText(describeProgress("referral", {}, creditReferrer(emptyProgress())).line)).toBe("1 friend referred");
  });
});
