// The insights rollups are kept by triggers (docs/owner-tools.md, "Insights"):
// after any mix of taps, redemptions, undos and rewards written by other paths,
// around local midnight and over both DST changes, they must equal a direct
// count of the rows, computed here apart from the database's own conversion.

import { db } from "@/lib/db";
import { redeemReward, undoRedemption } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { localDateIn } from "@/lib/time/local-date";
import { createBusiness, createUser, stampsProgram, uid } from "../support/fixtures";

afterAll(() => db.$disconnect());

/** mulberry32: the same sequence on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function localHour(timeZone: string, at: Date): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(at);
  return Number(hour);
}

type Counts = Map<string, number>;
const bump = (map: Counts, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const nonZero = (map: Counts) => new Map([...map].filter(([, n]) => n !== 0));

/** What the rollups should hold, counted from the rows themselves. */
async function directCounts(businessId: string, timeZone: string) {
  const [taps, memberships, rewards] = await Promise.all([
    db.tap.findMany({ where: { businessId }, select: { day: true, createdAt: true } }),
    db.membership.findMany({ where: { businessId }, select: { firstVisitAt: true } }),
    db.reward.findMany({ where: { businessId }, select: { issuedAt: true, redeemedAt: true, programId: true } }),
  ]);
  const daily = { visits: new Map(), newCustomers: new Map(), issued: new Map(), redeemed: new Map() } as Record<
    "visits" | "newCustomers" | "issued" | "redeemed",
    Counts
  >;
  const hourly: Counts = new Map();
  const programs: Counts = new Map();
  for (const tap of taps) {
    const day = tap.day.toISOString().slice(0, 10);
    // The tap's stored day is the business's local day of its instant.
    expect(day).toBe(localDateIn(timeZone, tap.createdAt));
    bump(daily.visits, day);
    bump(hourly, `${day} ${localHour(timeZone, tap.createdAt)}`);
  }
  for (const m of memberships) if (m.firstVisitAt) bump(daily.newCustomers, localDateIn(timeZone, m.firstVisitAt));
  for (const r of rewards) {
    bump(daily.issued, localDateIn(timeZone, r.issuedAt));
    if (r.programId) bump(programs, `${r.programId} ${localDateIn(timeZone, r.issuedAt)}`);
    if (r.redeemedAt) bump(daily.redeemed, localDateIn(timeZone, r.redeemedAt));
  }
  return {
    visits: nonZero(daily.visits),
    newCustomers: nonZero(daily.newCustomers),
    issued: nonZero(daily.issued),
    redeemed: nonZero(daily.redeemed),
    hourly,
    programs,
  };
}

async function rollups(businessId: string) {
  const [daily, hourly, programs] = await Promise.all([
    db.businessDailyStat.findMany({ where: { businessId } }),
    db.businessHourlyVisits.findMany({ where: { businessId } }),
    db.programDailyStat.findMany({ where: { businessId } }),
  ]);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const column = (pick: (row: (typeof daily)[number]) => number) =>
    nonZero(new Map(daily.map((row) => [day(row.day), pick(row)])));
  return {
    visits: column((r) => r.visits),
    newCustomers: column((r) => r.newCustomers),
    issued: column((r) => r.rewardsIssued),
    redeemed: column((r) => r.rewardsRedeemed),
    hourly: nonZero(new Map(hourly.map((row) => [`${day(row.day)} ${row.hour}`, row.visits]))),
    programs: nonZero(new Map(programs.map((row) => [`${row.programId} ${day(row.day)}`, row.completions]))),
  };
}

// Moments around local midnight in Madrid (22:30 and 23:30 UTC are already the
// next day in summer, 23:30 in winter), across the spring (2026-03-29) and
// autumn (2026-10-25) changes, in time order.
function moments(): Date[] {
  const days = ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"];
  const times = ["00:30", "01:30", "02:30", "08:15", "13:45", "21:30", "22:30", "23:30"];
  return days.flatMap((d) => times.map((t) => new Date(`${d}T${t}:00.000Z`)));
}

async function runScenario(timeZone: string, seed: number) {
  const random = prng(seed);
  const { owner, business, tag } = await createBusiness({
    timezone: timeZone,
    dailyTapLimit: 10,
    programs: [
      stampsProgram(2, { rewardExpiryDays: 30 }),
      { ...stampsProgram(3), name: "Tea card", rewardName: "Tea" },
    ],
  });
  const customers = await Promise.all(Array.from({ length: 5 }, () => createUser()));
  // A membership made without a visit (the card sign-up): its first visit comes later, by UPDATE.
  await db.membership.create({ data: { userId: customers[0]!.user.id, businessId: business.id, via: "CARD" } });
  const programs = await db.program.findMany({ where: { businessId: business.id } });

  const done = { taps: 0, redeemed: 0, undone: 0, issuedElsewhere: 0 };
  for (const now of moments()) {
    const steps = 1 + Math.floor(random() * 3);
    for (let s = 0; s < steps; s++) {
      const roll = random();
      const at = new Date(now.getTime() + s * 60_000);
      if (roll < 0.65) {
        const customer = customers[Math.floor(random() * customers.length)]!;
        const outcome = await recordVisit({
          userId: customer.user.id,
          businessId: business.id,
          tagId: tag.id,
          source: random() < 0.8 ? "TAG" : "QR",
          now: at,
        });
        if (outcome.ok) done.taps++;
      } else if (roll < 0.85) {
        const available = await db.reward.findMany({
          where: { businessId: business.id, status: "AVAILABLE", issuedAt: { lte: at } },
          select: { id: true },
        });
        const pick = available[Math.floor(random() * available.length)];
        if (!pick) continue;
        const result = await redeemReward(owner.user.id, { rewardId: pick.id }, at);
        if (!result.ok) continue;
        done.redeemed++;
        // Undo some at once, within the 10 minutes the counter allows.
        if (random() < 0.5 && (await undoRedemption(owner.user.id, pick.id, new Date(at.getTime() + 5 * 60_000)))) {
          done.undone++;
        }
      } else {
        // A reward written by another path (an adjustment), at another moment, sometimes already redeemed.
        const issuedAt = new Date(at.getTime() - Math.floor(random() * 3 * 86_400_000));
        const program = random() < 0.7 ? programs[Math.floor(random() * programs.length)]! : null;
        const redeemedAt = random() < 0.3 ? new Date(issuedAt.getTime() + 3_600_000) : null;
        await db.reward.create({
          data: {
            code: `ADJ${uid()}`.toUpperCase(),
            businessId: business.id,
            programId: program?.id ?? null,
            userId: customers[0]!.user.id,
            name: "Adjusted",
            issuedAt,
            redeemedAt,
            status: redeemedAt ? "REDEEMED" : "AVAILABLE",
          },
        });
        done.issuedElsewhere++;
      }
    }
  }
  return { business, done };
}

describe("insights rollups", () => {
  it.each([
    ["Europe/Madrid", 20261124],
    ["America/New_York", 7],
  ])(
    "equal a direct count after a random sequence in %s",
    async (timeZone, seed) => {
      const { business, done } = await runScenario(timeZone, seed);
      // The sequence did exercise every path.
      expect(done.taps).toBeGreaterThan(20);
      expect(done.redeemed).toBeGreaterThan(2);
      expect(done.undone).toBeGreaterThan(0);
      expect(done.issuedElsewhere).toBeGreaterThan(0);

      const expected = await directCounts(business.id, timeZone);
      const actual = await rollups(business.id);
      expect(actual.visits).toEqual(expected.visits);
      expect(actual.newCustomers).toEqual(expected.newCustomers);
      expect(actual.issued).toEqual(expected.issued);
      expect(actual.redeemed).toEqual(expected.redeemed);
      expect(actual.hourly).toEqual(expected.hourly);
      expect(actual.programs).toEqual(expected.programs);
      // Every membership's first visit is counted once.
      const firstVisits = await db.membership.count({
        where: { businessId: business.id, firstVisitAt: { not: null } },
      });
      expect([...actual.newCustomers.values()].reduce((a, b) => a + b, 0)).toBe(firstVisits);
    },
    60_000,
  );

  it("stay exact under concurrent visits and redemptions at one business", async () => {
    const { owner, business, tag } = await createBusiness({ timezone: "Europe/Madrid", programs: [stampsProgram(1)] });
    const customers = await Promise.all(Array.from({ length: 16 }, () => createUser()));
    const at = new Date("2026-05-05T10:00:00Z");
    const outcomes = await Promise.all(
      customers.map((c) =>
        recordVisit({ userId: c.user.id, businessId: business.id, tagId: tag.id, source: "TAG", now: at }),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const rewards = await db.reward.findMany({ where: { businessId: business.id }, select: { id: true } });
    await Promise.all(rewards.map((r) => redeemReward(owner.user.id, { rewardId: r.id }, at)));
    const [daily] = await db.businessDailyStat.findMany({ where: { businessId: business.id } });
    expect(daily).toMatchObject({ visits: 16, newCustomers: 16, rewardsIssued: 16, rewardsRedeemed: 16 });
    expect(
      await db.businessHourlyVisits.findMany({
        where: { businessId: business.id },
        select: { hour: true, visits: true },
      }),
    ).toEqual([{ hour: 12, visits: 16 }]);
  }, 60_000);

  it("count a visit on the business's own local day and hour", async () => {
    const instant = new Date("2026-03-01T23:30:00Z");
    const days: Record<string, string> = {};
    for (const timezone of ["Europe/Madrid", "America/New_York"]) {
      const { business, tag } = await createBusiness({ timezone });
      const { user } = await createUser();
      await recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG", now: instant });
      const [hourly] = await db.businessHourlyVisits.findMany({ where: { businessId: business.id } });
      days[timezone] = `${hourly!.day.toISOString().slice(0, 10)} ${hourly!.hour}`;
      const [daily] = await db.businessDailyStat.findMany({ where: { businessId: business.id } });
      expect(daily).toMatchObject({ visits: 1, newCustomers: 1, rewardsIssued: 0, rewardsRedeemed: 0 });
    }
    // 00:30 on 2 March in Madrid; 18:30 on 1 March in New York.
    expect(days).toEqual({ "Europe/Madrid": "2026-03-02 0", "America/New_York": "2026-03-01 18" });
  });

  it("count both 02:30s of the autumn change in Madrid in hour 2", async () => {
    const { business, tag } = await createBusiness({ timezone: "Europe/Madrid", dailyTapLimit: 5 });
    const { user } = await createUser();
    for (const at of ["2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"]) {
      await recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG", now: new Date(at) });
    }
    const rows = await db.businessHourlyVisits.findMany({ where: { businessId: business.id } });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.hour, r.visits])).toEqual([["2026-10-25", 2, 2]]);
  });

  it("a redemption undone is taken off the day it was redeemed; a rolled-back visit counts nothing", async () => {
    const { business, tag, owner } = await createBusiness({
      timezone: "Europe/Madrid",
      dailyTapLimit: 5,
      programs: [stampsProgram(1)],
    });
    const { user } = await createUser();
    const visit = await recordVisit({
      userId: user.id,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: new Date("2026-06-10T10:00:00Z"),
    });
    if (!visit.ok) throw new Error("refused");
    const rewardId = visit.rewards[0]!.id;
    const redeemedAt = new Date("2026-06-10T22:05:00Z"); // 11 June, 00:05 in Madrid
    expect(await redeemReward(owner.user.id, { rewardId }, redeemedAt)).toMatchObject({ ok: true });
    const day = async (d: string) =>
      db.businessDailyStat.findUnique({ where: { businessId_day: { businessId: business.id, day: new Date(d) } } });
    expect(await day("2026-06-11")).toMatchObject({ rewardsRedeemed: 1, visits: 0 });
    expect(await undoRedemption(owner.user.id, rewardId, new Date("2026-06-10T22:09:00Z"))).toBe(true);
    expect(await day("2026-06-11")).toMatchObject({ rewardsRedeemed: 0 });
    expect(await day("2026-06-10")).toMatchObject({ visits: 1, newCustomers: 1, rewardsIssued: 1, rewardsRedeemed: 0 });

    // A visit whose transaction fails after its statements ran leaves no count behind.
    const failed = await recordVisit({
      userId: user.id,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: new Date("2026-06-10T11:00:00Z"),
      beforeVisit: async () => {},
      idempotency: {
        key: "k",
        answer: () => {
          throw new Error("boom");
        },
      },
    }).catch((error: Error) => error.message);
    expect(failed).toBe("boom");
    expect(await day("2026-06-10")).toMatchObject({ visits: 1, rewardsIssued: 1 });
  });
});
