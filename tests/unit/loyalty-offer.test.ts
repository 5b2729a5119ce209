// What a program offers, as the engine describes it, read against what a visit
// actually does: each number the line names is the one the visit rules act on.
import {
  applyVisit,
  defaultRules,
  describeOffer,
  emptyProgress,
  PROGRAM_TYPES,
  type EngineContext,
  type LoyaltyLine,
  type ProgramInput,
  type ProgressState,
} from "@/lib/loyalty";
import { lineText } from "@/tests/support/catalog";
import { engineContext } from "@/tests/support/loyalty";

const ctx = engineContext({ membershipLinkedAt: new Date("2020-01-01T10:00:00Z") });

function offerOf(type: string, rules: unknown, reward = "Free loaf"): LoyaltyLine {
  const line = describeOffer(type, rules, reward);
  if (!line) throw new Error(`no offer for ${type}`);
  return line;
}

/** The visit number (1-based) on which a fresh customer first earns a reward, or null within `limit` visits. */
function firstRewardVisit(program: ProgramInput, limit: number, context: Partial<EngineContext> = {}): number | null {
  let progress: ProgressState = emptyProgress();
  for (let visit = 1; visit <= limit; visit++) {
    const result = applyVisit(program, progress, { ...ctx, ...context, isFirstVisit: visit === 1 });
    if (result.rewardsIssued > 0) return visit;
    progress = result.next;
  }
  return null;
}

const program = (type: string, rules: unknown): ProgramInput => ({ type, rules, startDate: null, endDate: null });

describe("a program's offer", () => {
  it("names the stamps after which a tap grants the reward", () => {
    for (const stampsRequired of [1, 2, 10]) {
      const line = offerOf("stamps", { stampsRequired });
      expect(firstRewardVisit(program("stamps", { stampsRequired }), 20)).toBe(line.values.stamps);
    }
    expect(lineText(offerOf("stamps", { stampsRequired: 2 }))).toBe("Collect 2 stamps → Free loaf");
    expect(lineText(offerOf("stamps", { stampsRequired: 1 }))).toBe("Collect 1 stamp → Free loaf");
    expect(lineText(offerOf("stamps", { stampsRequired: 2 }), "es")).toBe("Consigue 2 sellos → Free loaf");
    expect(lineText(offerOf("stamps", { stampsRequired: 2 }), "ca")).toBe("Aconsegueix 2 segells → Free loaf");
  });

  it("names the visits a visits program counts to its reward", () => {
    const line = offerOf("visits", { visitsRequired: 4 });
    expect(firstRewardVisit(program("visits", { visitsRequired: 4 }), 10)).toBe(line.values.visits);
    expect(lineText(line)).toBe("Every 4 visits → Free loaf");
  });

  it("names the points per visit and the threshold the engine pays at", () => {
    const rules = { pointsPerVisit: 30, threshold: 100 };
    const line = offerOf("points", rules);
    expect(lineText(line)).toBe("Earn 30 points per visit; 100 points → Free loaf");
    const visits = Math.ceil(Number(line.values.threshold) / Number(line.values.perVisit));
    expect(firstRewardVisit(program("points", rules), 10)).toBe(visits);
  });

  it("names each tier at the visit that reaches it", () => {
    const rules = defaultRules("tier");
    const line = offerOf("tier", rules);
    expect(lineText(line)).toBe("Reach Silver at 5 visits and Gold at 15 visits → Free loaf at each");
    expect(firstRewardVisit(program("tier", rules), 30)).toBe(line.values.visits);
    const one = {
      tiers: [
        { name: "Member", minVisits: 0 },
        { name: "VIP", minVisits: 3 },
      ],
    };
    expect(lineText(offerOf("tier", one))).toBe("Reach VIP at 3 visits → Free loaf");
    expect(lineText(offerOf("tier", { tiers: [{ name: "Member", minVisits: 0 }] }))).toBe("Join the club → Free loaf");
  });

  it("names the visits and the days of a challenge", () => {
    const rules = { visitsRequired: 3, withinDays: 7 };
    const line = offerOf("challenge", rules);
    expect(lineText(line)).toBe("Visit 3 times within 7 days → Free loaf");
    expect(firstRewardVisit(program("challenge", rules), 10)).toBe(line.values.visits);
  });

  it("names the birthday window the engine pays in, and no day more", () => {
    const line = offerOf("birthday", { windowDays: 7 });
    expect(lineText(line)).toBe("Visit on your birthday or up to 7 days after → Free loaf");
    const birthday = program("birthday", { windowDays: 7 });
    const lastDay = { birthday: "1990-03-03", localDate: "2025-03-10" };
    expect(line.values.days).toBe(7);
    expect(firstRewardVisit(birthday, 1, lastDay)).toBe(1);
    expect(firstRewardVisit(birthday, 1, { ...lastDay, localDate: "2025-03-11" })).toBeNull();
    expect(lineText(offerOf("birthday", { windowDays: 0 }))).toBe("Visit on your birthday → Free loaf");
  });

  it("names the chance a gamified visit wins with", () => {
    const line = offerOf("gamified", { winChance: 0.1 });
    expect(lineText(line)).toBe("Every visit has a 10% chance to win → Free loaf");
    const gamified = program("gamified", { winChance: 0.1 });
    const chance = Number(line.values.percent) / 100;
    expect(firstRewardVisit(gamified, 1, { random: () => chance - 0.0001 })).toBe(1);
    expect(firstRewardVisit(gamified, 1, { random: () => chance })).toBeNull();
  });

  it("says whether a referral also rewards the friend", () => {
    expect(lineText(offerOf("referral", { welcomeReward: false }))).toBe(
      "Invite a friend → Free loaf on their first visit",
    );
    const both = program("referral", { welcomeReward: true });
    expect(lineText(offerOf("referral", { welcomeReward: true }))).toContain("and one for your friend too");
    expect(firstRewardVisit(both, 1, { referrerId: "friend" })).toBe(1);
  });

  it("promises nothing for a program that never rewards on its own", () => {
    expect(lineText(offerOf("other", {}))).toBe("Every visit counts");
    expect(lineText(offerOf("something-new", {}))).toBe("Every visit counts");
    expect(firstRewardVisit(program("other", {}), 20)).toBeNull();
  });

  it("has no offer for rules the engine would refuse to run", () => {
    expect(describeOffer("stamps", { stampsRequired: 0 }, "Coffee")).toBeNull();
    expect(describeOffer("stamps", { stampsRequired: "ten" }, "Coffee")).toBeNull();
    expect(() => applyVisit(program("stamps", { stampsRequired: 0 }), null, ctx)).toThrow();
  });

  it("reads in every language for every type's defaults", () => {
    for (const type of PROGRAM_TYPES) {
      const line = offerOf(type, defaultRules(type));
      for (const locale of ["en", "es", "ca"] as const) {
        expect(lineText(line, locale)).not.toContain(line.key);
        if (type !== "other") expect(lineText(line, locale)).toContain("Free loaf");
      }
    }
  });
});
