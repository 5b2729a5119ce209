// The visit is written by plain SQL (lib/db/sql.ts) and read back by Prisma:
// both must agree on every instant and date even when the server's time zone
// is not UTC (jest.config.mjs runs the tests in New York time). pg on its own
// would send and read timestamps in local time.

import { db } from "@/lib/db";
import { recordVisit } from "@/lib/tap/record-visit";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

afterAll(() => db.$disconnect());

describe("a visit's times, with the server outside UTC", () => {
  it("the tests do run outside UTC", () => {
    expect(new Date("2026-03-01T12:00:00Z").getTimezoneOffset()).not.toBe(0);
  });

  it("are stored as the same instants Prisma reads, and the day is the business's local day", async () => {
    const { business, tag } = await createBusiness({
      timezone: "Europe/Madrid",
      dailyTapLimit: 3,
      programs: [stampsProgram(2, { rewardExpiryDays: 30 })],
    });
    const { user } = await createUser();
    const first = new Date("2026-03-01T23:30:00.123Z"); // already 2 March in Madrid
    const second = new Date("2026-03-02T08:15:00.456Z");

    const one = await recordVisit({
      userId: user.id,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: first,
    });
    const two = await recordVisit({
      userId: user.id,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: second,
    });
    expect(one).toMatchObject({ ok: true, localDate: "2026-03-02", visitNumber: 1 });
    expect(two).toMatchObject({ ok: true, localDate: "2026-03-02", visitNumber: 2 });
    if (!two.ok) throw new Error("refused");

    const taps = await db.tap.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(taps.map((t) => t.createdAt.toISOString())).toEqual([first.toISOString(), second.toISOString()]);
    expect(taps.map((t) => t.day.toISOString().slice(0, 10))).toEqual(["2026-03-02", "2026-03-02"]);

    const membership = await db.membership.findUniqueOrThrow({
      where: { userId_businessId: { userId: user.id, businessId: business.id } },
    });
    expect(membership.linkedAt.toISOString()).toBe(first.toISOString());
    expect(membership.firstVisitAt?.toISOString()).toBe(first.toISOString());
    expect(membership.lastVisitAt?.toISOString()).toBe(second.toISOString());

    const [issued] = two.rewards;
    expect(issued?.expiresAt?.toISOString()).toBe(new Date(second.getTime() + 30 * 86_400_000).toISOString());
    const reward = await db.reward.findUniqueOrThrow({ where: { id: issued!.id }, include: { events: true } });
    expect(reward.issuedAt.toISOString()).toBe(second.toISOString());
    expect(reward.expiresAt?.toISOString()).toBe(issued!.expiresAt!.toISOString());
    expect(reward.events.map((e) => [e.type, e.createdAt.toISOString()])).toEqual([["ISSUED", second.toISOString()]]);
  });

  it("a birthday is read as the calendar date it is", async () => {
    const { business, tag } = await createBusiness({
      timezone: "Europe/Madrid",
      programs: [{ type: "birthday", name: "Birthday treat", rules: { windowDays: 0 }, rewardName: "Cake" }],
    });
    const { user } = await createUser({ birthday: new Date("1990-03-02T00:00:00Z") });
    const onTheDay = await recordVisit({
      userId: user.id,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: new Date("2026-03-01T23:30:00Z"),
    });
    expect(onTheDay).toMatchObject({ ok: true, localDate: "2026-03-02" });
    if (!onTheDay.ok) throw new Error("refused");
    expect(onTheDay.rewards.map((r) => r.name)).toEqual(["Cake"]);
  });
});
