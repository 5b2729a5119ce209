// Birthday and anniversary rewards: yearly windows, New Year and 29 February.
import { applyVisit, describeProgress, emptyProgress } from "@/lib/loyalty";
import { birthdayWindowYear } from "@/lib/loyalty/birthday";
import { membershipYears } from "@/lib/loyalty/anniversary";
import type { EngineContext, ProgramInput, ProgressState } from "@/lib/loyalty";
import { lineText } from "@/tests/support/catalog";
import { engineContext } from "@/tests/support/loyalty";

function ctx(localDate: string, overrides: Partial<EngineContext> = {}): EngineContext {
  return engineContext({
    now: new Date(`${localDate}T12:00:00Z`),
    localDate,
    membershipLinkedAt: new Date("2020-01-01T10:00:00Z"),
    ...overrides,
  });
}

const program = (type: string, rules: unknown = {}): ProgramInput => ({ type, rules, startDate: null, endDate: null });

/** Visits on each date in turn; returns the rewards per visit and the final progress. */
function visitOn(
  p: ProgramInput,
  dates: string[],
  extra: Partial<EngineContext>,
  from: ProgressState = emptyProgress(),
) {
  let progress = from;
  const rewards = dates.map((date) => {
    const result = applyVisit(p, progress, ctx(date, extra));
    progress = result.next;
    return result.rewardsIssued;
  });
  return { rewards, progress };
}

describe("birthday", () => {
  const birthday = "1990-03-10";

  it("rewards the first visit on the birthday, once that year", () => {
    const { rewards, progress } = visitOn(program("birthday"), ["2025-03-10", "2025-03-12"], { birthday });
    expect(rewards).toEqual([1, 0]);
    expect(progress).toMatchObject({ count: 2, total: 2, state: { lastBirthdayYear: 2025 } });
  });

  it("the window runs from the birthday up to 7 days after it, inclusive", () => {
    expect(visitOn(program("birthday"), ["2025-03-09"], { birthday }).rewards).toEqual([0]);
    expect(visitOn(program("birthday"), ["2025-03-17"], { birthday }).rewards).toEqual([1]);
    expect(visitOn(program("birthday"), ["2025-03-18"], { birthday }).rewards).toEqual([0]);
  });

  it("a visit before the birthday does not use up that year's reward", () => {
    expect(visitOn(program("birthday"), ["2025-03-05", "2025-03-11"], { birthday }).rewards).toEqual([0, 1]);
  });

  it("rewards again the following year", () => {
    const { rewards } = visitOn(program("birthday"), ["2025-03-10", "2025-03-11", "2026-03-14"], { birthday });
    expect(rewards).toEqual([1, 0, 1]);
  });

  it("honours a custom window, and 0 means the birthday itself only", () => {
    expect(visitOn(program("birthday", { windowDays: 14 }), ["2025-03-24"], { birthday }).rewards).toEqual([1]);
    expect(visitOn(program("birthday", { windowDays: 0 }), ["2025-03-10"], { birthday }).rewards).toEqual([1]);
    expect(visitOn(program("birthday", { windowDays: 0 }), ["2025-03-11"], { birthday }).rewards).toEqual([0]);
  });

  describe("across New Year (birthday 29 December)", () => {
    const dec29 = { birthday: "1985-12-29" };

    it("a visit on 2 January counts for the birthday that started on 29 December", () => {
      const { rewards, progress } = visitOn(program("birthday"), ["2026-01-02"], dec29);
      expect(rewards).toEqual([1]);
      expect(progress.state.lastBirthdayYear).toBe(2025);
    });

    it("the window ends on 5 January (29 Dec + 7 days)", () => {
      expect(visitOn(program("birthday"), ["2026-01-05"], dec29).rewards).toEqual([1]);
      expect(visitOn(program("birthday"), ["2026-01-06"], dec29).rewards).toEqual([0]);
    });

    it("a December visit and a January visit in the same window pay once", () => {
      expect(visitOn(program("birthday"), ["2025-12-30", "2026-01-02"], dec29).rewards).toEqual([1, 0]);
    });

    it("claiming in January does not block that year's own December birthday", () => {
      expect(visitOn(program("birthday"), ["2026-01-02", "2026-12-29"], dec29).rewards).toEqual([1, 1]);
    });
  });

  describe("29 February birthday", () => {
    const leapling = { birthday: "2000-02-29" };

    it("falls on 28 February in a non-leap year", () => {
      expect(visitOn(program("birthday", { windowDays: 0 }), ["2025-02-28"], leapling).rewards).toEqual([1]);
      expect(visitOn(program("birthday", { windowDays: 0 }), ["2025-03-01"], leapling).rewards).toEqual([0]);
      expect(visitOn(program("birthday"), ["2025-02-27"], leapling).rewards).toEqual([0]);
    });

    it("is 29 February itself in a leap year", () => {
      expect(visitOn(program("birthday", { windowDays: 0 }), ["2028-02-28"], leapling).rewards).toEqual([0]);
      expect(visitOn(program("birthday", { windowDays: 0 }), ["2028-02-29"], leapling).rewards).toEqual([1]);
    });

    it("the 7-day window from 28 February runs to 7 March in a non-leap year", () => {
      expect(birthdayWindowYear("2000-02-29", "2025-03-07", 7)).toBe(2025);
      expect(birthdayWindowYear("2000-02-29", "2025-03-08", 7)).toBeNull();
    });
  });

  it("never rewards a customer without a birthday (or with an invalid one)", () => {
    const none = visitOn(program("birthday"), ["2025-03-10"], { birthday: null });
    expect(none.rewards).toEqual([0]);
    expect(none.progress.count).toBe(1);
    expect(visitOn(program("birthday"), ["2025-03-02"], { birthday: "1990-02-31" }).rewards).toEqual([0]);
  });

  it("describes the window", () => {
    expect(lineText(describeProgress("birthday", {}, emptyProgress()).line)).toBe(
      "Birthday reward: visit within 7 days after your birthday",
    );
    expect(lineText(describeProgress("birthday", { windowDays: 0 }, emptyProgress()).line)).toBe(
      "Birthday reward: visit on your birthday",
    );
  });
});

describe("anniversary", () => {
  const linked = { membershipLinkedAt: new Date("2024-03-15T10:00:00Z") };

  it("gives nothing in the first year of membership", () => {
    expect(visitOn(program("anniversary"), ["2024-03-15", "2024-12-31", "2025-03-14"], linked).rewards).toEqual([
      0, 0, 0,
    ]);
  });

  it("rewards the first visit on or after each anniversary, once per year", () => {
    const { rewards, progress } = visitOn(
      program("anniversary"),
      ["2025-03-15", "2025-03-16", "2025-11-01", "2026-03-20", "2026-04-01"],
      linked,
    );
    expect(rewards).toEqual([1, 0, 0, 1, 0]);
    expect(progress).toMatchObject({ count: 5, total: 5, state: { lastAnniversary: 2 } });
  });

  it("a visit long after the anniversary still gets that year's reward", () => {
    expect(visitOn(program("anniversary"), ["2026-03-01"], linked).rewards).toEqual([1]);
  });

  it("a customer who skipped years gets one reward, not a backlog", () => {
    const { rewards, progress } = visitOn(program("anniversary"), ["2027-06-01"], linked);
    expect(rewards).toEqual([1]);
    expect(progress.state.lastAnniversary).toBe(3);
  });

  describe("joined on 29 February", () => {
    const leapJoin = { membershipLinkedAt: new Date("2024-02-29T09:00:00Z") };

    it("celebrates on 28 February in non-leap years", () => {
      expect(visitOn(program("anniversary"), ["2025-02-27", "2025-02-28"], leapJoin).rewards).toEqual([0, 1]);
    });

    it("celebrates on 29 February in leap years", () => {
      const { rewards } = visitOn(program("anniversary"), ["2027-02-28", "2028-02-28", "2028-02-29"], leapJoin);
      expect(rewards).toEqual([1, 0, 1]);
    });

    it("membershipYears counts completed years", () => {
      expect(membershipYears(leapJoin.membershipLinkedAt, "2025-02-27")).toBe(0);
      expect(membershipYears(leapJoin.membershipLinkedAt, "2025-02-28")).toBe(1);
      expect(membershipYears(leapJoin.membershipLinkedAt, "2028-02-28")).toBe(3);
      expect(membershipYears(leapJoin.membershipLinkedAt, "2028-02-29")).toBe(4);
    });
  });

  it("describes the yearly reward", () => {
    expect(lineText(describeProgress("anniversary", {}, emptyProgress()).line)).toBe(
      "Anniversary reward: every year you're a member",
    );
  });
});
