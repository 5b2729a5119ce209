// Manual adjustments: what an owner's +/- does to a customer's progress.
import { applyAdjustment, isAdjustableType, MAX_ADJUSTMENT, MAX_REWARDS_PER_ADJUSTMENT } from "@/lib/loyalty/adjust";
import { applyVisit, emptyProgress, type ProgressState } from "@/lib/loyalty";
import { engineContext } from "../support/loyalty";

const stamps = { type: "stamps", rules: { stampsRequired: 10 } };
const visits = { type: "visits", rules: { visitsRequired: 5 } };
const points = { type: "points", rules: { pointsPerVisit: 10, threshold: 100 } };
const at = (count: number, total = count): ProgressState => ({ count, total, tier: null, state: {} });

describe("applyAdjustment", () => {
  test("stamps: +2 adds two stamps without a reward below the goal", () => {
    expect(applyAdjustment(stamps, at(3), 2)).toEqual({ ok: true, next: at(5), rewardsIssued: 0, applied: 2 });
  });

  test("stamps: completing the card issues its reward and starts a fresh card, as a tap does", () => {
    const adjusted = applyAdjustment(stamps, at(8), 2);
    expect(adjusted).toEqual({ ok: true, next: at(0, 10), rewardsIssued: 1, applied: 2 });
    // The same as two taps.
    const ctx = engineContext();
    const once = applyVisit({ ...stamps, startDate: null, endDate: null }, at(8), ctx);
    const twice = applyVisit({ ...stamps, startDate: null, endDate: null }, once.next, ctx);
    expect(adjusted.ok && adjusted.next).toEqual(twice.next);
    expect(once.rewardsIssued + twice.rewardsIssued).toBe(1);
  });

  test("stamps: a delta that fills the card twice issues two rewards", () => {
    expect(applyAdjustment(stamps, at(9), 12)).toEqual({ ok: true, next: at(1, 21), rewardsIssued: 2, applied: 12 });
  });

  test("visits: the card fills like a stamp card", () => {
    expect(applyAdjustment(visits, at(4), 1)).toEqual({ ok: true, next: at(0, 5), rewardsIssued: 1, applied: 1 });
    expect(applyAdjustment(visits, at(1), 2)).toEqual({ ok: true, next: at(3), rewardsIssued: 0, applied: 2 });
  });

  test("points: points carry over past the threshold, one reward per threshold", () => {
    expect(applyAdjustment(points, at(90), 20)).toEqual({ ok: true, next: at(10, 110), rewardsIssued: 1, applied: 20 });
    expect(applyAdjustment(points, at(50, 50), 250)).toEqual({
      ok: true,
      next: at(0, 300),
      rewardsIssued: 3,
      applied: 250,
    });
  });

  test("taking away stops at zero and never issues or takes back a reward", () => {
    expect(applyAdjustment(stamps, at(3, 13), -5)).toEqual({
      ok: true,
      next: at(0, 10),
      rewardsIssued: 0,
      applied: -3,
    });
    expect(applyAdjustment(points, at(40), -10)).toEqual({ ok: true, next: at(30), rewardsIssued: 0, applied: -10 });
    expect(applyAdjustment(visits, null, -1)).toEqual({
      ok: true,
      next: emptyProgress(),
      rewardsIssued: 0,
      applied: 0,
    });
  });

  test("a new customer (no progress yet) starts from zero", () => {
    expect(applyAdjustment(stamps, null, 2)).toEqual({ ok: true, next: at(2), rewardsIssued: 0, applied: 2 });
  });

  test("a bad delta is refused: zero, a fraction, too large, not a number", () => {
    for (const delta of [0, 1.5, MAX_ADJUSTMENT + 1, -MAX_ADJUSTMENT - 1, Number.NaN, Infinity]) {
      expect(applyAdjustment(stamps, at(1), delta)).toEqual({ ok: false, reason: "bad_delta" });
    }
    expect(
      applyAdjustment({ type: "points", rules: { pointsPerVisit: 1, threshold: 1000 } }, at(1), MAX_ADJUSTMENT).ok,
    ).toBe(true);
  });

  test("an adjustment that would issue more than MAX_REWARDS_PER_ADJUSTMENT rewards is refused whole", () => {
    // 9/10 + 101 stamps: 11 cards.
    expect(applyAdjustment(stamps, at(9), 101)).toEqual({ ok: false, reason: "too_many_rewards" });
    expect(applyAdjustment({ ...points, rules: { pointsPerVisit: 10, threshold: 50 } }, at(0), MAX_ADJUSTMENT)).toEqual(
      {
        ok: false,
        reason: "too_many_rewards",
      },
    );
    expect(applyAdjustment(stamps, at(9), 91)).toMatchObject({ ok: true, rewardsIssued: MAX_REWARDS_PER_ADJUSTMENT });
  });

  test("types that count no stamps, points or visits are not adjustable", () => {
    for (const type of [
      "tier",
      "birthday",
      "anniversary",
      "challenge",
      "time-limited",
      "gamified",
      "referral",
      "other",
      "x",
    ]) {
      expect(isAdjustableType(type)).toBe(false);
      expect(applyAdjustment({ type, rules: {} }, at(1), 1)).toEqual({ ok: false, reason: "not_adjustable" });
    }
  });

  test("rules that no longer validate are refused rather than guessed", () => {
    expect(applyAdjustment({ type: "stamps", rules: { stampsRequired: -1 } }, at(1), 1)).toEqual({
      ok: false,
      reason: "invalid_rules",
    });
  });
});
