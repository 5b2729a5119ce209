import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { campaignResults } from "@/lib/campaigns/results";
import { twoProportionDifference } from "@/lib/campaigns/lift";
import { createBusiness, uid } from "../support/fixtures";

// A campaign's results: the visits of its members after they entered it,
// messaged against held out, in 7, 14 and 30 days, each window cut at its
// edges and at now; and the rewards its offer issued that were redeemed,
// counted apart from visits.

afterAll(() => db.$disconnect());

const DAY = 86_400_000;
const ASSIGNED = new Date("2026-10-01T12:00:00.000Z");
const at = (ms: number) => new Date(ASSIGNED.getTime() + ms);

async function campaignWith(
  groups: { heldOut: boolean; status?: "SKIPPED" | "FAILED" }[],
  startedAt: Date | null = ASSIGNED,
) {
  const { business } = await createBusiness();
  const { business: elsewhere } = await createBusiness();
  const users = await db.user.createManyAndReturn({
    data: groups.map(() => ({ email: `r-${uid()}-${uid()}@example.test` })),
    select: { id: true },
  });
  const campaign = await db.campaign.create({
    data: {
      businessId: business.id,
      name: "Back soon",
      message: "Hello",
      seed: randomUUID(),
      status: startedAt ? "SENT" : "SCHEDULED",
      startedAt,
    },
  });
  const recipients = await db.campaignRecipient.createManyAndReturn({
    data: users.map((user, i) => ({
      campaignId: campaign.id,
      businessId: business.id,
      userId: user.id,
      heldOut: groups[i]!.heldOut,
      status: groups[i]!.heldOut ? ("HELD_OUT" as const) : (groups[i]!.status ?? ("SENT" as const)),
      assignedAt: ASSIGNED,
    })),
  });
  const taps = async (index: number, moments: Date[], businessId = business.id) =>
    db.tap.createMany({
      data: moments.map((createdAt) => ({
        businessId,
        userId: users[index]!.id,
        source: "TAG" as const,
        day: new Date(createdAt.toISOString().slice(0, 10)),
        createdAt,
      })),
    });
  return { business, elsewhere, campaign, users, recipients, taps };
}

describe("a campaign's results", () => {
  it("counts each member's visits in (assignedAt, assignedAt + window], cut at now, messaged against held out", async () => {
    // Member 1 was never sent to (no channel): intention-to-treat still counts them as messaged.
    const c = await campaignWith([
      { heldOut: false },
      { heldOut: false, status: "SKIPPED" },
      { heldOut: false },
      { heldOut: true },
      { heldOut: true },
    ]);
    // Member 0: at the moment of entering (not after it), 1 ms after, the day before,
    // exactly at the 7-day edge, and a visit to another business.
    await c.taps(0, [ASSIGNED, at(1), at(-DAY), at(7 * DAY)]);
    await c.taps(0, [at(2 * DAY)], c.elsewhere.id);
    // Member 1: 1 ms past the 7-day edge, on day 9, and on day 11 (after now).
    await c.taps(1, [at(7 * DAY + 1), at(9 * DAY), at(11 * DAY)]);
    // Held out member 3: on day 3.
    await c.taps(3, [at(3 * DAY)]);

    const results = await campaignResults(c.campaign.id, at(10 * DAY));
    expect(results.windows.map((w) => [w.days, w.partial, w.messaged, w.heldOut])).toEqual([
      [7, false, { members: 3, returned: 1, visits: 2 }, { members: 2, returned: 1, visits: 1 }],
      [14, true, { members: 3, returned: 2, visits: 4 }, { members: 2, returned: 1, visits: 1 }],
      [30, true, { members: 3, returned: 2, visits: 4 }, { members: 2, returned: 1, visits: 1 }],
    ]);
    const week = results.windows[0]!;
    expect(week.returnRate).toEqual({
      messaged: 1 / 3,
      heldOut: 1 / 2,
      difference: twoProportionDifference(1, 3, 1, 2),
    });
    expect(week.visitsPerMember.messaged).toBeCloseTo(2 / 3, 10);
    expect(week.visitsPerMember.heldOut).toBe(0.5);
    expect(week.visitsPerMember.difference?.estimate).toBeCloseTo(1 / 6, 10);
    // (2/3 − 1/2) visits per member × 3 members messaged.
    expect(week.extraVisits?.estimate).toBeCloseTo(0.5, 10);
    expect(week.enoughData).toBe(false);
  });

  it("says there is enough data only when groups are big enough and the interval leaves out zero", async () => {
    const groups = [
      ...Array.from({ length: 40 }, () => ({ heldOut: false })),
      ...Array.from({ length: 40 }, () => ({ heldOut: true })),
    ];
    const clear = await campaignWith(groups);
    const unclear = await campaignWith(groups);
    for (let i = 0; i < 80; i++) {
      const messaged = i < 40;
      // Clear: messaged members visit 1 or 3 times, held-out ones 0 or 1. Unclear: both visit 0 or 1.
      const count = messaged ? (i % 2 ? 3 : 1) : i % 2;
      await clear.taps(
        i,
        Array.from({ length: count }, (_, k) => at((k + 1) * DAY)),
      );
      await unclear.taps(
        i,
        Array.from({ length: i % 2 }, (_, k) => at((k + 1) * DAY)),
      );
    }
    const now = at(40 * DAY);
    const [yes, no] = [await campaignResults(clear.campaign.id, now), await campaignResults(unclear.campaign.id, now)];
    const month = yes.windows[2]!;
    expect(month).toMatchObject({ days: 30, partial: false, enoughData: true });
    // 2 visits per member messaged against 0.5 held out, over 40 members: 60 extra visits.
    expect(month.extraVisits?.estimate).toBeCloseTo(60, 10);
    expect(month.extraVisits!.low).toBeGreaterThan(0);
    expect(no.windows.map((w) => w.enoughData)).toEqual([false, false, false]);
    expect(no.windows[2]!.extraVisits?.estimate).toBe(0);
  }, 30_000);

  it("counts the redeemed rewards its offer issued apart from visits", async () => {
    const c = await campaignWith([{ heldOut: false }, { heldOut: false }, { heldOut: false }, { heldOut: true }]);
    const reward = (userId: string, status: "AVAILABLE" | "REDEEMED") =>
      db.reward.create({
        data: { code: `C${uid()}`.toUpperCase(), businessId: c.business.id, userId, name: "Free pastry", status },
      });
    const redeemed = await reward(c.users[0]!.id, "REDEEMED");
    const ready = await reward(c.users[1]!.id, "AVAILABLE");
    await reward(c.users[2]!.id, "REDEEMED"); // earned on the card, not from the offer
    for (const [i, rewardId] of [
      [0, redeemed.id],
      [1, ready.id],
    ] as const)
      await db.campaignRecipient.update({
        where: { id: c.recipients[i]!.id },
        data: { offerAppliedAt: ASSIGNED, offerRewardId: rewardId },
      });

    const results = await campaignResults(c.campaign.id, at(DAY));
    expect(results).toMatchObject({ offersApplied: 2, offerRedemptions: 1 });
    expect(results.windows[0]!.messaged.visits).toBe(0);
  });

  it("counts from when sending started for a campaign scheduled for later, not from scheduling", async () => {
    // Recipients fixed at scheduling (ASSIGNED); sending started three days later.
    const started = at(3 * DAY);
    const c = await campaignWith([{ heldOut: false }, { heldOut: true }], started);
    // Member 0: a visit while it was only scheduled (before any message could go), one after the start,
    // and one just past the 7-day edge of the start.
    await c.taps(0, [at(DAY), at(3 * DAY + 1), at(3 * DAY + 7 * DAY + 1)]);
    // Held out member 1: on day 2 of scheduling (before the start) and at the 7-day edge of the start.
    await c.taps(1, [at(2 * DAY), at(3 * DAY + 7 * DAY)]);

    const results = await campaignResults(c.campaign.id, at(20 * DAY));
    expect(results.windows.map((w) => [w.days, w.partial, w.messaged, w.heldOut])).toEqual([
      [7, false, { members: 1, returned: 1, visits: 1 }, { members: 1, returned: 1, visits: 1 }],
      [14, false, { members: 1, returned: 1, visits: 2 }, { members: 1, returned: 1, visits: 1 }],
      [30, true, { members: 1, returned: 1, visits: 2 }, { members: 1, returned: 1, visits: 1 }],
    ]);
    // Between scheduling and the start there is nothing to show yet.
    expect((await campaignResults(c.campaign.id, at(2 * DAY))).windows).toEqual([]);
  });

  it("a campaign that never started has no windows, however long ago its recipients were fixed", async () => {
    const c = await campaignWith([{ heldOut: false }, { heldOut: true }], null);
    await c.taps(0, [at(DAY)]);
    expect((await campaignResults(c.campaign.id, at(40 * DAY))).windows).toEqual([]);
  });

  it("has no windows before anyone entered the campaign", async () => {
    const c = await campaignWith([{ heldOut: false }, { heldOut: true }]);
    expect((await campaignResults(c.campaign.id, at(-1))).windows).toEqual([]);
    expect((await campaignResults(c.campaign.id, at(1))).windows.map((w) => w.days)).toEqual([7, 14, 30]);
  });
});
