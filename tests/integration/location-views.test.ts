// What owners read per location (docs/locations.md, "What owners and customers
// see"): the per-location rollups, the customer list, insights, the exports and
// the dashboard's comparison, each checked against a direct count of the rows
// of a business with two locations.
import { GET as exportRoute } from "@/app/api/business/[id]/export/route";
import { mergeGuestIntoAccount } from "@/lib/auth/merge-guest";
import { db } from "@/lib/db";
import { listCustomers, type CustomerRow } from "@/lib/db/customers";
import { getInsights, type InsightsDay } from "@/lib/db/insights";
import { listLocationComparison } from "@/lib/db/location-stats";
import { redeemReward } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { localDateIn } from "@/lib/time/local-date";
import { customerListParamsSchema, type CustomerSort } from "@/lib/validation/customers";
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

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
function localHour(timeZone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(at));
}
type Counts = Map<string, number>;
const bump = (map: Counts, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const nonZero = (map: Counts) => new Map([...map].filter(([, n]) => n !== 0));

/** A business with its first location (Gràcia, the trigger's) and a second one (Born), each with a tag. */
async function twoLocations(options: { timezone?: string; programs?: ReturnType<typeof stampsProgram>[] } = {}) {
  const setup = await createBusiness({
    timezone: options.timezone ?? "Europe/Madrid",
    dailyTapLimit: 10,
    programs: options.programs ?? [stampsProgram(2)],
  });
  const businessId = setup.business.id;
  const main = await db.location.update({
    where: { id: (await db.location.findFirstOrThrow({ where: { businessId } })).id },
    data: { name: "Gràcia" },
  });
  const born = await db.location.create({
    data: { businessId, name: "Born", position: 1, address: "Carrer de la Princesa 5, Barcelona" },
  });
  const bornTag = await db.tag.create({
    data: {
      id: `t-${uid()}`,
      businessId,
      locationId: born.id,
      claimedAt: new Date(),
      claimedById: setup.owner.user.id,
    },
  });
  // The fixture's tag went to the main location (the trigger's choice for a tag claimed without one).
  expect((await db.tag.findUniqueOrThrow({ where: { id: setup.tag.id } })).locationId).toBe(main.id);
  return { ...setup, main, born, mainTag: setup.tag, bornTag };
}

type Setup = Awaited<ReturnType<typeof twoLocations>>;
type Place = "main" | "born" | "bornCounter" | "nowhere";

/** One visit of `userId` at a place: a tag of either location, the counter naming Born, or the counter naming none. */
function visitAt(setup: Setup, userId: string, place: Place, now: Date) {
  const base = { userId, businessId: setup.business.id, now };
  if (place === "main") return recordVisit({ ...base, tagId: setup.mainTag.id, source: "TAG" });
  if (place === "born") return recordVisit({ ...base, tagId: setup.bornTag.id, source: "TAG" });
  if (place === "bornCounter") return recordVisit({ ...base, tagId: null, locationId: setup.born.id, source: "QR" });
  return recordVisit({ ...base, tagId: null, source: "QR" });
}

/** What a location's rollups should hold, counted from the rows themselves in JavaScript. */
async function directLocationCounts(businessId: string, locationId: string, timeZone: string) {
  const [taps, memberships, rewards] = await Promise.all([
    db.tap.findMany({
      where: { businessId },
      select: { id: true, day: true, createdAt: true, locationId: true, membershipId: true },
    }),
    db.membership.findMany({ where: { businessId }, select: { id: true, firstVisitAt: true } }),
    db.reward.findMany({
      where: { businessId },
      select: { issuedAt: true, redeemedAt: true, programId: true, tapId: true },
    }),
  ]);
  const here = (tapLocation: string | null | undefined) => tapLocation === locationId;
  const tapById = new Map(taps.map((t) => [t.id, t]));
  const counts = { visits: new Map(), newCustomers: new Map(), issued: new Map(), redeemed: new Map() } as Record<
    "visits" | "newCustomers" | "issued" | "redeemed",
    Counts
  >;
  const hourly: Counts = new Map();
  const programs: Counts = new Map();
  for (const tap of taps) {
    if (!here(tap.locationId)) continue;
    bump(counts.visits, day(tap.day));
    bump(hourly, `${day(tap.day)} ${localHour(timeZone, tap.createdAt)}`);
  }
  // A new customer is counted where their earliest visit was, on its day.
  for (const m of memberships) {
    if (!m.firstVisitAt) continue;
    const first = taps
      .filter((t) => t.membershipId === m.id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
    if (first && here(first.locationId)) bump(counts.newCustomers, localDateIn(timeZone, m.firstVisitAt));
  }
  // A reward is counted where the visit that issued it was.
  for (const r of rewards) {
    if (!r.tapId || !here(tapById.get(r.tapId)?.locationId)) continue;
    bump(counts.issued, localDateIn(timeZone, r.issuedAt));
    if (r.programId) bump(programs, `${r.programId} ${localDateIn(timeZone, r.issuedAt)}`);
    if (r.redeemedAt) bump(counts.redeemed, localDateIn(timeZone, r.redeemedAt));
  }
  return {
    visits: nonZero(counts.visits),
    newCustomers: nonZero(counts.newCustomers),
    issued: nonZero(counts.issued),
    redeemed: nonZero(counts.redeemed),
    hourly: nonZero(hourly),
    programs: nonZero(programs),
  };
}

async function locationRollups(locationId: string) {
  const [daily, hourly, programs] = await Promise.all([
    db.locationDailyStat.findMany({ where: { locationId } }),
    db.locationHourlyVisits.findMany({ where: { locationId } }),
    db.locationProgramDailyStat.findMany({ where: { locationId } }),
  ]);
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

const NOW = new Date("2026-05-20T10:00:00Z");

/**
 * A month and a half of a business with two locations: visits on both tags, at
 * the counter for Born and for no location, redemptions, a reward written by
 * another path, and a card made without a visit that visits later.
 */
async function runScenario(timeZone: string, seed: number) {
  const random = prng(seed);
  const setup = await twoLocations({
    timezone: timeZone,
    programs: [stampsProgram(2), { ...stampsProgram(3), name: "Tea card", rewardName: "Tea" }],
  });
  const { business, owner } = setup;
  const customers = await Promise.all(Array.from({ length: 8 }, () => createUser()));
  await db.membership.create({ data: { userId: customers[0]!.user.id, businessId: business.id, via: "CARD" } });
  const places: Place[] = ["main", "main", "born", "born", "bornCounter", "nowhere"];
  const done = { visits: 0, redeemed: 0, elsewhere: 0 };
  for (let d = 45; d >= 0; d--) {
    // Around local midnight and through the day, in time order.
    for (const minutes of [30, 21 * 60 + 45, 23 * 60 + 30]) {
      if (random() < 0.35) continue;
      const at = new Date(NOW.getTime() - d * DAY_MS - 10 * 3_600_000 + minutes * 60_000);
      const roll = random();
      if (roll < 0.75) {
        const customer = customers[Math.floor(random() * customers.length)]!;
        const place = places[Math.floor(random() * places.length)]!;
        if ((await visitAt(setup, customer.user.id, place, at)).ok) done.visits++;
      } else if (roll < 0.92) {
        const available = await db.reward.findMany({
          where: { businessId: business.id, status: "AVAILABLE", issuedAt: { lte: at } },
          select: { id: true },
        });
        const pick = available[Math.floor(random() * available.length)];
        // At the counter of a business with two open locations the owner says where they redeem;
        // a reward counts as redeemed where it was earned, whichever counter it was.
        const counter = done.redeemed % 2 === 0 ? setup.main.id : setup.born.id;
        if (pick && (await redeemReward(owner.user.id, { rewardId: pick.id, locationId: counter }, at)).ok)
          done.redeemed++;
      } else {
        await db.reward.create({
          data: {
            code: `ADJ${uid()}`.toUpperCase(),
            businessId: business.id,
            userId: customers[1]!.user.id,
            name: "Adjusted",
            issuedAt: at,
          },
        });
        done.elsewhere++;
      }
    }
  }
  return { setup, done };
}

describe("per-location rollups", () => {
  it.each([
    ["Europe/Madrid", 20261128],
    ["America/New_York", 11],
  ])(
    "equal a direct count of each location's rows in %s",
    async (timeZone, seed) => {
      const { setup, done } = await runScenario(timeZone, seed);
      expect(done.visits).toBeGreaterThan(40);
      expect(done.redeemed).toBeGreaterThan(2);
      for (const location of [setup.main, setup.born]) {
        const expected = await directLocationCounts(setup.business.id, location.id, timeZone);
        const actual = await locationRollups(location.id);
        expect(expected.visits.size).toBeGreaterThan(5);
        expect(expected.issued.size).toBeGreaterThan(0);
        expect(actual).toEqual(expected);
      }
      // The locations and the visits at none add up to the business.
      const [business] = await db.$queryRawUnsafe<{ visits: number; newCustomers: number }[]>(
        `SELECT sum("visits")::int AS "visits", sum("newCustomers")::int AS "newCustomers" FROM "BusinessDailyStat" WHERE "businessId" = $1`,
        setup.business.id,
      );
      const [located] = await db.$queryRawUnsafe<{ visits: number }[]>(
        `SELECT sum("visits")::int AS "visits" FROM "LocationDailyStat" WHERE "locationId" IN ($1, $2)`,
        setup.main.id,
        setup.born.id,
      );
      const nowhere = await db.tap.count({ where: { businessId: setup.business.id, locationId: null } });
      expect(nowhere).toBeGreaterThan(0);
      expect(located!.visits + nowhere).toBe(business!.visits);
    },
    120_000,
  );

  it("count one new customer when a guest's card joins an account's, at the earlier first visit's location", async () => {
    for (const guestFirst of [true, false]) {
      const setup = await twoLocations();
      const account = await createUser();
      const guest = await db.user.create({ data: { guest: true, firstName: null, lastName: null } });
      const early = new Date("2026-04-01T10:00:00Z");
      const late = new Date("2026-04-03T10:00:00Z");
      // The guest visits Born, the account Gràcia; whichever came first stays the customer's first visit.
      expect((await visitAt(setup, guest.id, "born", guestFirst ? early : late)).ok).toBe(true);
      expect((await visitAt(setup, account.user.id, "main", guestFirst ? late : early)).ok).toBe(true);
      const merged = await mergeGuestIntoAccount({ guestId: guest.id, accountId: account.user.id, now: NOW });
      expect(merged.merged).toBe(true);
      const news = async (locationId: string) =>
        (await db.locationDailyStat.findMany({ where: { locationId } })).reduce((sum, r) => sum + r.newCustomers, 0);
      expect({ born: await news(setup.born.id), main: await news(setup.main.id) }).toEqual(
        guestFirst ? { born: 1, main: 0 } : { born: 0, main: 1 },
      );
      for (const location of [setup.main, setup.born]) {
        const expected = await directLocationCounts(setup.business.id, location.id, "Europe/Madrid");
        expect((await locationRollups(location.id)).newCustomers).toEqual(expected.newCustomers);
      }
    }
  }, 60_000);
});

describe("the customer list by location", () => {
  /** 90 customers: a third visit only Gràcia, a third only Born, a third both, each on their own days. */
  async function crowd() {
    const setup = await twoLocations();
    const users = await Promise.all(Array.from({ length: 90 }, (_, i) => createUser({ firstName: `Member${i}` })));
    for (const [i, { user }] of users.entries()) {
      const at = (k: number) => new Date(NOW.getTime() - (i * 7 + k) * 3_600_000);
      if (i % 3 !== 1) await visitAt(setup, user.id, "main", at(0));
      if (i % 3 !== 0) await visitAt(setup, user.id, i % 2 ? "born" : "bornCounter", at(i % 3 === 2 ? 1 : 0));
      // A few come back to Gràcia more often, so the sorts differ.
      if (i % 5 === 0 && i % 3 !== 1) await visitAt(setup, user.id, "main", at(2));
    }
    // A member who never visited (a card sign-up) is at no location.
    const never = await createUser();
    await db.membership.create({ data: { userId: never.user.id, businessId: setup.business.id, via: "CARD" } });
    return setup;
  }

  /** Every row of every page of the list, following its cursors. */
  async function walk(viewerId: string, businessId: string, query: Record<string, string>) {
    const rows: CustomerRow[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listCustomers(viewerId, businessId, customerListParamsSchema.parse({ ...query, cursor }), NOW);
      expect(page).not.toBeNull();
      rows.push(...page!.rows);
      cursor = page!.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    return { rows, pages };
  }

  const sortValue: Record<
    CustomerSort,
    (m: { lastVisitAt: Date | null; visitCount: number; rewardsEarned: number }) => number
  > = {
    last_visit: (m) => m.lastVisitAt?.getTime() ?? -1,
    visits: (m) => m.visitCount,
    rewards: (m) => m.rewardsEarned,
  };

  it("lists exactly the members who visited there, in the sort's order, across keyset pages", async () => {
    const setup = await crowd();
    for (const location of [setup.main, setup.born]) {
      const visitedHere = await db.membership.findMany({
        where: { businessId: setup.business.id, taps: { some: { locationId: location.id } } },
        select: { id: true, lastVisitAt: true, visitCount: true, rewardsEarned: true },
      });
      expect(visitedHere.length).toBe(60);
      for (const sort of ["last_visit", "visits", "rewards"] as const) {
        const expected = [...visitedHere]
          .sort((a, b) => sortValue[sort](b) - sortValue[sort](a) || (a.id < b.id ? 1 : -1))
          .map((m) => m.id);
        const { rows, pages } = await walk(setup.owner.user.id, setup.business.id, { sort, location: location.id });
        expect(pages).toBe(2);
        expect(rows.map((r) => r.id)).toEqual(expected);
      }
    }
    // All locations: everyone, the member who never visited last.
    const all = await walk(setup.owner.user.id, setup.business.id, {});
    expect(all.rows).toHaveLength(91);
    expect(all.rows[90]!.lastVisitAt).toBeNull();
  }, 120_000);

  it("offers the business's locations, and reads another business's location as all of them", async () => {
    const setup = await crowd();
    const other = await twoLocations();
    const page = await listCustomers(
      setup.owner.user.id,
      setup.business.id,
      customerListParamsSchema.parse({ location: other.born.id }),
      NOW,
    );
    expect(page!.location).toBeNull();
    expect(page!.rows).toHaveLength(50);
    expect(page!.locations).toEqual([
      { id: setup.main.id, name: "Gràcia", closed: false },
      { id: setup.born.id, name: "Born", closed: false },
    ]);
    // A closed location stays in the filter, after the open ones: its history is still there.
    await db.location.update({ where: { id: setup.main.id }, data: { closedAt: NOW } });
    const closed = await listCustomers(
      setup.owner.user.id,
      setup.business.id,
      customerListParamsSchema.parse({ location: setup.main.id }),
      NOW,
    );
    expect(closed!.locations.map((l) => [l.name, l.closed])).toEqual([
      ["Born", false],
      ["Gràcia", true],
    ]);
    expect(closed!.location).toBe(setup.main.id);
    // Another business's owner gets nothing, filter or not.
    expect(
      await listCustomers(
        other.owner.user.id,
        setup.business.id,
        customerListParamsSchema.parse({ location: setup.born.id }),
        NOW,
      ),
    ).toBeNull();
  }, 120_000);

  it("filters for staff too, and combines with the search", async () => {
    const setup = await crowd();
    const staff = await createUser();
    await db.businessStaff.create({ data: { businessId: setup.business.id, userId: staff.user.id } });
    const { rows } = await walk(staff.user.id, setup.business.id, { location: setup.born.id, q: "Member1" });
    const expected = await db.membership.findMany({
      where: {
        businessId: setup.business.id,
        taps: { some: { locationId: setup.born.id } },
        user: { firstName: { startsWith: "Member1" } },
      },
      select: { id: true },
    });
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((m) => m.id).sort());
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.email === null)).toBe(true);
  }, 120_000);
});

describe("insights by location", () => {
  it("read the location's own figures over the range, and another business's location as the whole business", async () => {
    const timeZone = "Europe/Madrid";
    const { setup } = await runScenario(timeZone, 77);
    const range = 30;
    const to = localDateIn(timeZone, NOW);
    const from = day(new Date(Date.parse(`${to}T00:00:00Z`) - (range - 1) * DAY_MS));
    const inRange = (key: string) => key.slice(0, 10) >= from && key.slice(0, 10) <= to;
    for (const location of [setup.main, setup.born]) {
      const insights = await getInsights(setup.owner.user.id, setup.business.id, range, NOW, location.id);
      expect(insights!.location).toBe(location.id);
      const direct = await directLocationCounts(setup.business.id, location.id, timeZone);
      const perDay = (counts: Counts) => Object.fromEntries([...counts].filter(([k]) => inRange(k)));
      const shown = (pick: (d: InsightsDay) => number) =>
        Object.fromEntries(insights!.days.filter((d) => pick(d) !== 0).map((d) => [d.day, pick(d)]));
      expect(shown((d) => d.visits)).toEqual(perDay(direct.visits));
      expect(shown((d) => d.newCustomers)).toEqual(perDay(direct.newCustomers));
      expect(shown((d) => d.rewardsIssued)).toEqual(perDay(direct.issued));
      expect(shown((d) => d.rewardsRedeemed)).toEqual(perDay(direct.redeemed));
      const heat = insights!.heatmap.flat().reduce((a, b) => a + b, 0);
      expect(heat).toBe(Object.values(perDay(direct.visits)).reduce((a, b) => a + b, 0));
      const completions = new Map<string, number>();
      for (const [key, n] of direct.programs) if (inRange(key.split(" ")[1]!)) bump(completions, key.split(" ")[0]!, n);
      for (const program of insights!.programs) expect(program.completions).toBe(completions.get(program.id) ?? 0);
    }
    // The whole business: more than either location, as before; another business's location reads as that.
    const all = await getInsights(setup.owner.user.id, setup.business.id, range, NOW);
    const other = await twoLocations();
    const foreign = await getInsights(setup.owner.user.id, setup.business.id, range, NOW, other.born.id);
    expect(foreign!.location).toBeNull();
    expect(foreign!.days).toEqual(all!.days);
    const born = await getInsights(setup.owner.user.id, setup.business.id, range, NOW, setup.born.id);
    const total = (i: typeof all) => i!.days.reduce((a, d) => a + d.visits, 0);
    expect(total(all)).toBeGreaterThan(total(born));
    expect(all!.locations.map((l) => l.name)).toEqual(["Gràcia", "Born"]);
    // Staff never read insights, by location or not.
    const staff = await createUser();
    await db.businessStaff.create({ data: { businessId: setup.business.id, userId: staff.user.id } });
    expect(await getInsights(staff.user.id, setup.business.id, range, NOW, setup.born.id)).toBeNull();
  }, 120_000);
});

describe("exports by location", () => {
  function request(businessId: string, query: Record<string, string>, bearer: string) {
    const url = new URL(`http://localhost/api/business/${businessId}/export`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return exportRoute(new Request(url, { headers: { authorization: `Bearer ${bearer}` } }), {
      params: Promise.resolve({ id: businessId }),
    });
  }
  /** The CSV's records (its cells hold no comma, quote or line break here). */
  async function records(res: Response) {
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    return text
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
  }

  it("narrow visits, customers and rewards to the location, with the location's name on each visit", async () => {
    const { setup } = await runScenario("Europe/Madrid", 5);
    const { owner, business, born, main } = setup;
    const bearer = owner.bearer;

    const all = await records(await request(business.id, { kind: "visits" }, bearer));
    expect(all[0]!.at(-1)).toBe("Location");
    expect(all.length - 1).toBe(await db.tap.count({ where: { businessId: business.id } }));
    const names = new Set(all.slice(1).map((r) => r.at(-1)));
    expect(names).toEqual(new Set(["Gràcia", "Born", ""]));

    const visits = await records(await request(business.id, { kind: "visits", location: born.id }, bearer));
    expect(visits.length - 1).toBe(await db.tap.count({ where: { businessId: business.id, locationId: born.id } }));
    expect(visits.slice(1).every((r) => r.at(-1) === "Born")).toBe(true);

    const customers = await records(await request(business.id, { kind: "customers", location: main.id }, bearer));
    const visitedMain = await db.membership.findMany({
      where: { businessId: business.id, taps: { some: { locationId: main.id } } },
      select: { user: { select: { email: true } } },
    });
    expect(
      customers
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(visitedMain.map((m) => m.user.email).sort());

    const rewards = await records(await request(business.id, { kind: "rewards", location: born.id }, bearer));
    const earnedAtBorn = await db.reward.count({ where: { businessId: business.id, tap: { locationId: born.id } } });
    expect(earnedAtBorn).toBeGreaterThan(0);
    expect(rewards.length - 1).toBe(earnedAtBorn);

    // With a period too: the visits at Born in the last week, on the business's clock.
    const to = localDateIn("Europe/Madrid", NOW);
    const from = localDateIn("Europe/Madrid", new Date(NOW.getTime() - 6 * DAY_MS));
    const week = await records(await request(business.id, { kind: "visits", location: born.id, from, to }, bearer));
    const taps = await db.tap.findMany({ where: { businessId: business.id, locationId: born.id } });
    expect(week.length - 1).toBe(taps.filter((t) => day(t.day) >= from && day(t.day) <= to).length);

    // The audit entry names the location.
    const entry = await db.auditLog.findFirst({
      where: { businessId: business.id, action: "EXPORT" },
      orderBy: { createdAt: "desc" },
    });
    expect(entry!.details).toMatchObject({ kind: "visits", location: born.id });
  }, 120_000);

  it("refuse a location that is not the business's with a 400, before anything is logged", async () => {
    const setup = await twoLocations();
    const other = await twoLocations();
    for (const location of [other.born.id, "no-such-location", "bad location!"]) {
      const res = await request(setup.business.id, { kind: "visits", location }, setup.owner.bearer);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "Choose one of the business's locations." });
    }
    expect(await db.auditLog.count({ where: { businessId: setup.business.id, action: "EXPORT" } })).toBe(0);
    // An empty choice is "All locations".
    expect((await request(setup.business.id, { kind: "visits", location: "" }, setup.owner.bearer)).status).toBe(200);
  });
});

describe("the dashboard's comparison", () => {
  it("gives each location its visits today, in 7 and 30 days, new customers and redemptions, on the business's clock", async () => {
    const timeZone = "America/New_York";
    const { setup } = await runScenario(timeZone, 3);
    // The same owner's business with one location has no comparison; another owner's is not theirs.
    const single = await createBusiness({});
    await db.business.update({ where: { id: single.business.id }, data: { ownerId: setup.owner.user.id } });
    const other = await twoLocations();
    const rows = await listLocationComparison(setup.owner.user.id, NOW);
    // Only the business with several locations, its locations in the owner's order.
    expect(rows.map((r) => [r.businessId, r.name])).toEqual([
      [setup.business.id, "Gràcia"],
      [setup.business.id, "Born"],
    ]);
    const today = localDateIn(timeZone, NOW);
    const since = (days: number) => day(new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS));
    const sum = (counts: Counts, days: number) =>
      [...counts].filter(([d]) => d >= since(days) && d <= today).reduce((a, [, n]) => a + n, 0);
    for (const row of rows) {
      const direct = await directLocationCounts(setup.business.id, row.locationId, timeZone);
      expect(row).toMatchObject({
        timezone: timeZone,
        closed: false,
        visitsToday: sum(direct.visits, 1),
        visits7: sum(direct.visits, 7),
        visits30: sum(direct.visits, 30),
        newCustomers30: sum(direct.newCustomers, 30),
        redeemed30: sum(direct.redeemed, 30),
      });
    }
    expect(rows.some((r) => r.visits30 > r.visits7 && r.visits7 > 0)).toBe(true);
    expect((await listLocationComparison(other.owner.user.id, NOW)).map((r) => r.businessId)).toEqual([
      other.business.id,
      other.business.id,
    ]);
  }, 120_000);
});
