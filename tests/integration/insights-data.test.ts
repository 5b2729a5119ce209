// The insights page's data: the right series for a small known dataset, in the
// business's zone, read from the rollups; the owner's only.

import { db } from "@/lib/db";
import { getInsights } from "@/lib/db/insights";
import { redeemReward } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

afterAll(() => db.$disconnect());

describe("getInsights", () => {
  it("returns every day of the range, the heatmap and each program's completions, for the owner only", async () => {
    const { owner, business, tag } = await createBusiness({
      timezone: "Europe/Madrid",
      dailyTapLimit: 5,
      programs: [stampsProgram(2, { name: "Coffee card" }), { ...stampsProgram(10), name: "Big card" }],
    });
    const [ana, ben] = await Promise.all([createUser(), createUser()]);
    const visit = (userId: string, at: string) =>
      recordVisit({ userId, businessId: business.id, tagId: tag.id, source: "TAG", now: new Date(at) });

    await visit(ana.user.id, "2026-03-02T08:10:00Z"); // Mon 2 March, 09:10 in Madrid: Ana's first visit
    await visit(ana.user.id, "2026-03-02T23:30:00Z"); // Tue 3 March, 00:30: her second (a coffee)
    await visit(ben.user.id, "2026-03-03T09:00:00Z"); // Tue 3 March, 10:00: Ben's first
    const coffee = await db.reward.findFirstOrThrow({ where: { businessId: business.id } });
    expect(await redeemReward(owner.user.id, { rewardId: coffee.id }, new Date("2026-03-04T11:00:00Z"))).toMatchObject({
      ok: true,
    });
    // Before the 30 days that end on 10 March: outside the range.
    await visit(ben.user.id, "2026-01-15T12:00:00Z");

    const now = new Date("2026-03-10T12:00:00Z");
    const insights = await getInsights(owner.user.id, business.id, 30, now);
    expect(insights).not.toBeNull();
    expect(insights!.from).toBe("2026-02-09");
    expect(insights!.to).toBe("2026-03-10");
    expect(insights!.days).toHaveLength(30);
    const day = (d: string) => insights!.days.find((row) => row.day === d);
    expect(day("2026-03-02")).toEqual({
      day: "2026-03-02",
      visits: 1,
      newCustomers: 1,
      rewardsIssued: 0,
      rewardsRedeemed: 0,
    });
    expect(day("2026-03-03")).toEqual({
      day: "2026-03-03",
      visits: 2,
      newCustomers: 1,
      rewardsIssued: 1,
      rewardsRedeemed: 0,
    });
    expect(day("2026-03-04")).toEqual({
      day: "2026-03-04",
      visits: 0,
      newCustomers: 0,
      rewardsIssued: 0,
      rewardsRedeemed: 1,
    });
    expect(day("2026-03-10")).toEqual({
      day: "2026-03-10",
      visits: 0,
      newCustomers: 0,
      rewardsIssued: 0,
      rewardsRedeemed: 0,
    });
    expect(insights!.days.reduce((sum, d) => sum + d.visits, 0)).toBe(3);

    // Monday 09:00, Tuesday 00:00 and 10:00 (rows Monday first, local hours).
    const cells = insights!.heatmap.flatMap((row, w) => row.map((n, h) => [w + 1, h, n])).filter(([, , n]) => n);
    expect(cells).toEqual([
      [1, 9, 1],
      [2, 0, 1],
      [2, 10, 1],
    ]);
    expect(insights!.programs.map((p) => [p.name, p.completions])).toEqual([
      ["Coffee card", 1],
      ["Big card", 0],
    ]);

    // The 90 days include January's visit; the slug works like the id.
    const quarter = await getInsights(owner.user.id, business.slug, 90, now);
    expect(quarter!.days).toHaveLength(90);
    expect(quarter!.days.reduce((sum, d) => sum + d.visits, 0)).toBe(4);

    // Another owner, a staff member and a customer get nothing.
    const other = await createBusiness();
    expect(await getInsights(other.owner.user.id, business.id, 30, now)).toBeNull();
    await db.businessStaff.create({ data: { businessId: business.id, userId: ben.user.id } });
    expect(await getInsights(ben.user.id, business.id, 30, now)).toBeNull();
    expect(await getInsights(ana.user.id, business.slug, 30, now)).toBeNull();
  });
});
