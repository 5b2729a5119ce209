import { planVisit } from "@/lib/loyalty/visit-plan";

const context = {
  userId: "newcomer",
  now: new Date("2026-11-27T10:00:00Z"),
  localDate: "2026-11-27",
  isFirstVisit: true,
  membershipLinkedAt: new Date("2026-11-27T10:00:00Z"),
  birthday: null,
  random: () => 0.5,
  referrerId: "friend",
};
const program = (id: string, type: string, rules: unknown) => ({ id, type, rules, startDate: null, endDate: null });

describe("one visit across a business's programs (lib/loyalty/visit-plan.ts)", () => {
  test("each program moves on from its own stored progress, in the programs' order", () => {
    const stamps = program("p1", "stamps", { stampsRequired: 3 });
    const points = program("p2", "points", { pointsPerVisit: 10, threshold: 100 });
    const plan = planVisit([stamps, points], new Map([["p1", { count: 2, total: 2, tier: null, state: {} }]]), context);
    expect(plan.map((p) => [p.program.id, p.rewardsIssued, p.next.count])).toEqual([
      ["p1", 1, 0],
      ["p2", 0, 10],
    ]);
    expect(plan[0]?.progress).toMatchObject({ current: 0, target: 3 });
  });

  test("a referred newcomer's first visit owes the friend a reward, never the newcomer themselves", () => {
    const referral = program("r", "referral", { welcomeReward: true });
    const [byFriend] = planVisit([referral], new Map(), context);
    expect(byFriend).toMatchObject({ payReferrer: true, rewardsIssued: 1 });
    const [bySelf] = planVisit([referral], new Map(), { ...context, referrerId: "newcomer" });
    expect(bySelf?.payReferrer).toBe(false);
    const [later] = planVisit([referral], new Map(), { ...context, isFirstVisit: false });
    expect(later).toMatchObject({ payReferrer: false, rewardsIssued: 0 });
  });

  test("a program outside its dates counts nothing", () => {
    const ended = { ...program("t", "stamps", { stampsRequired: 3 }), endDate: new Date("2026-11-01T00:00:00Z") };
    const [outcome] = planVisit([ended], new Map(), context);
    expect(outcome).toMatchObject({ rewardsIssued: 0, payReferrer: false });
    expect(outcome?.next.count).toBe(0);
  });
});
