import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { listCustomers, type CustomerRow } from "@/lib/db/customers";
import { redeemReward, undoRedemption } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { customerListParamsSchema, type CustomerSort } from "@/lib/validation/customers";
import { createBusiness, createUser, earnReward, stampsProgram, uid } from "../support/fixtures";

// The owner's customer list on PostgreSQL: keyset pages, search, filters,
// sorts, and the reward counters the triggers keep on Membership.
afterAll(() => db.$disconnect());

const DAY = 86_400_000;
const NOW = new Date("2026-06-15T12:00:00Z");
const params = (query: Record<string, string> = {}) => customerListParamsSchema.parse(query);

type Member = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  lastVisitAt?: Date | null;
  visitCount?: number;
};

/** Members inserted directly (the list reads rows, however they came). */
async function addMembers(businessId: string, members: Member[]): Promise<string[]> {
  const ids: string[] = [];
  for (const member of members) {
    const user = await db.user.create({
      data: {
        email: member.email ?? `m-${uid()}@example.test`,
        phone: member.phone ?? null,
        firstName: member.firstName ?? "Member",
        lastName: member.lastName ?? uid(),
      },
    });
    const row = await db.membership.create({
      data: {
        userId: user.id,
        businessId,
        lastVisitAt: member.lastVisitAt === undefined ? null : member.lastVisitAt,
        visitCount: member.visitCount ?? 0,
        linkedAt: new Date(NOW.getTime() - 400 * DAY),
      },
    });
    ids.push(row.id);
  }
  return ids;
}

async function walk(
  ownerId: string,
  businessId: string,
  query: Record<string, string>,
  between?: (page: number) => Promise<void>,
): Promise<CustomerRow[]> {
  const seen: CustomerRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await listCustomers(ownerId, businessId, params({ ...query, ...(cursor ? { cursor } : {}) }), NOW);
    expect(result).not.toBeNull();
    seen.push(...result!.rows);
    if (!result!.nextCursor) return seen;
    cursor = result!.nextCursor;
    if (between) await between(page);
  }
  throw new Error("too many pages");
}

describe("the customer list's keyset pages", () => {
  it.each<CustomerSort>(["last_visit", "visits", "rewards"])(
    "by %s: walking every page while members join shows each original member exactly once",
    async (sort) => {
      const { owner, business } = await createBusiness();
      // Ties on purpose: many members share a visit count and a last visit; some never visited.
      const shared = new Date(NOW.getTime() - 3 * DAY);
      const originals = await addMembers(
        business.id,
        Array.from({ length: 130 }, (_, i) => ({
          lastVisitAt: i % 10 === 0 ? null : i % 3 === 0 ? shared : new Date(NOW.getTime() - i * 3_600_000),
          visitCount: i % 4,
        })),
      );
      const joined: string[] = [];
      const seen = await walk(owner.user.id, business.id, { sort }, async (page) => {
        // Newcomers before, inside and after the part already read.
        joined.push(
          ...(await addMembers(business.id, [
            { lastVisitAt: NOW, visitCount: 99 },
            { lastVisitAt: shared, visitCount: 1 },
            { lastVisitAt: null, visitCount: 0 },
            { lastVisitAt: new Date(NOW.getTime() - (page + 1) * 40 * 3_600_000), visitCount: 2 },
          ])),
        );
      });
      const ids = seen.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      const missed = originals.filter((id) => !ids.includes(id));
      expect(missed).toEqual([]);
      expect(joined.length).toBeGreaterThan(0);
      // Descending by the sort, ties by id.
      const key = (row: CustomerRow) =>
        sort === "visits"
          ? row.visitCount
          : sort === "rewards"
            ? row.rewardsEarned
            : (row.lastVisitAt?.getTime() ?? -1);
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        if (originals.includes(a.id) && originals.includes(b.id)) {
          expect(key(a) > key(b) || (key(a) === key(b) && a.id > b.id)).toBe(true);
        }
      }
    },
  );

  it("pages hold 50 members, and a cursor that does not decode, or is another sort's, starts again at the first page", async () => {
    const { owner, business } = await createBusiness();
    await addMembers(
      business.id,
      Array.from({ length: 60 }, (_, i) => ({ lastVisitAt: new Date(NOW.getTime() - i * DAY), visitCount: i })),
    );
    const first = await listCustomers(owner.user.id, business.id, params(), NOW);
    expect(first!.rows).toHaveLength(50);
    expect(first!.nextCursor).toEqual(expect.any(String));
    const second = await listCustomers(owner.user.id, business.id, params({ cursor: first!.nextCursor! }), NOW);
    expect(second!.rows).toHaveLength(10);
    expect(second!.nextCursor).toBeNull();
    for (const bad of [
      "not-a-cursor",
      "%%%",
      Buffer.from('{"s":"last_visit","v":"yesterday","i":"x"}').toString("base64url"),
      Buffer.from('{"s":"visits","v":-1,"i":"x"}').toString("base64url"),
      Buffer.from('{"s":"visits","v":3,"i":"bad id; drop"}').toString("base64url"),
    ]) {
      const page = await listCustomers(owner.user.id, business.id, params({ cursor: bad }), NOW);
      expect(page!.rows.map((r) => r.id)).toEqual(first!.rows.map((r) => r.id));
    }
    // A cursor made for "visits" on the "last_visit" list.
    const byVisits = await listCustomers(owner.user.id, business.id, params({ sort: "visits" }), NOW);
    const mixed = await listCustomers(owner.user.id, business.id, params({ cursor: byVisits!.nextCursor! }), NOW);
    expect(mixed!.rows.map((r) => r.id)).toEqual(first!.rows.map((r) => r.id));
  });
});

describe("search, filters and sorts", () => {
  it("finds members by a case-insensitive part of their name, email or phone, and treats % and _ as text", async () => {
    const { owner, business } = await createBusiness();
    const tag = uid();
    await addMembers(business.id, [
      { firstName: "Núria", lastName: `Vidal${tag}`, email: `nuria-${tag}@example.test` },
      { firstName: "Pau", lastName: "Ferrer", phone: `+34600${tag.replace(/\D/g, "").padEnd(6, "1").slice(0, 6)}` },
      { firstName: "100%", lastName: "Real", email: `pct-${tag}@example.test` },
    ]);
    const names = async (q: string) =>
      (await listCustomers(owner.user.id, business.id, params({ q }), NOW))!.rows.map((r) => r.firstName);
    expect(await names(`vidal${tag}`.toUpperCase())).toEqual(["Núria"]);
    expect(await names(`núria vidal${tag}`)).toEqual(["Núria"]);
    expect(await names(`NURIA-${tag}`)).toEqual(["Núria"]);
    // No match across two fields (the last name's end and the email's start).
    expect(await names(`vidal${tag}nuria`)).toEqual([]);
    expect(await names("+34600")).toEqual(["Pau"]);
    expect(await names("100%")).toEqual(["100%"]);
    expect(await names("0%")).toEqual(["100%"]);
    expect(await names("_")).toEqual([]);
    expect(await names("nobody-like-this")).toEqual([]);
  });

  it("a search at two businesses whose members match it alike: each owner and staff member sees only their own", async () => {
    const shared = `Puig${uid()}`;
    const a = await createBusiness();
    const b = await createBusiness();
    const ofA = await addMembers(a.business.id, [
      { firstName: "Anna", lastName: shared, email: `anna-${shared}@example.test` },
      { firstName: "Arnau", lastName: shared, phone: `+3461${Date.now() % 10_000_000}` },
    ]);
    const ofB = await addMembers(b.business.id, [
      { firstName: "Berta", lastName: shared, email: `berta-${shared}@example.test` },
    ]);
    // A customer of both businesses appears at each, once.
    const both = await db.user.create({
      data: { email: `both-${shared}@example.test`, firstName: "Bernat", lastName: shared },
    });
    const bothA = await db.membership.create({ data: { userId: both.id, businessId: a.business.id } });
    const bothB = await db.membership.create({ data: { userId: both.id, businessId: b.business.id } });
    const staffOfA = await createUser();
    await db.businessStaff.create({ data: { businessId: a.business.id, userId: staffOfA.user.id } });
    const found = async (userId: string, businessId: string, q: string) =>
      (await listCustomers(userId, businessId, params({ q }), NOW))!.rows.map((r) => r.id).sort();
    // Each search matches members of both businesses (the email's domain: every member there is).
    // Staff search names only (contact details are the owner's), so an email finds nobody for them.
    const cases: [string, string[], string[], string[]][] = [
      [shared, [...ofA, bothA.id], [...ofB, bothB.id], [...ofA, bothA.id]],
      [shared.toLowerCase(), [...ofA, bothA.id], [...ofB, bothB.id], [...ofA, bothA.id]],
      [`${shared}@`, [ofA[0]!, bothA.id], [...ofB, bothB.id], []],
      ["example.test", [...ofA, bothA.id], [...ofB, bothB.id], []],
    ];
    for (const [q, inA, inB, staffInA] of cases) {
      expect(await found(a.owner.user.id, a.business.id, q)).toEqual([...inA].sort());
      expect(await found(staffOfA.user.id, a.business.id, q)).toEqual([...staffInA].sort());
      expect(await found(b.owner.user.id, b.business.id, q)).toEqual([...inB].sort());
    }
    // Neither sees the other's list, with or without a search.
    expect(await listCustomers(b.owner.user.id, a.business.id, params({ q: shared }), NOW)).toBeNull();
    expect(await listCustomers(staffOfA.user.id, b.business.id, params({ q: shared }), NOW)).toBeNull();
  });

  it("active, lapsed and ready filter the members; sorts order them", async () => {
    const { owner, business } = await createBusiness({ programs: [stampsProgram(1, { rewardExpiryDays: 10 })] });
    const [recent, old, never] = await addMembers(business.id, [
      { firstName: "Recent", lastVisitAt: new Date(NOW.getTime() - 5 * DAY), visitCount: 3 },
      { firstName: "Old", lastVisitAt: new Date(NOW.getTime() - 90 * DAY), visitCount: 9 },
      { firstName: "Never", lastVisitAt: null },
      { firstName: "Between", lastVisitAt: new Date(NOW.getTime() - 45 * DAY), visitCount: 1 },
    ]);
    // Ready: one available reward for "Recent"; "Old" has only an expired one (still stored AVAILABLE).
    const reward = (membershipId: string, expiresAt: Date | null, status: "AVAILABLE" | "REDEEMED" = "AVAILABLE") =>
      db.reward.create({
        data: { code: `C${uid()}`, businessId: business.id, membershipId, name: "Free coffee", status, expiresAt },
      });
    await reward(recent!, new Date(NOW.getTime() + DAY));
    await reward(old!, new Date(NOW.getTime() - DAY));
    await reward(old!, null, "REDEEMED");
    await reward(never!, null, "REDEEMED");
    await reward(never!, null, "REDEEMED");
    await reward(never!, null, "REDEEMED");

    const list = async (query: Record<string, string>) =>
      (await listCustomers(owner.user.id, business.id, params(query), NOW))!.rows.map((r) => r.firstName);
    expect(await list({ filter: "active" })).toEqual(["Recent"]);
    expect(await list({ filter: "lapsed" })).toEqual(["Old"]);
    expect(await list({ filter: "ready" })).toEqual(["Recent"]);
    expect(await list({})).toEqual(["Recent", "Between", "Old", "Never"]);
    expect(await list({ sort: "visits" })).toEqual(["Old", "Recent", "Between", "Never"]);
    expect(await list({ sort: "rewards" })).toEqual(["Never", "Old", "Recent", "Between"]);
    const rows = (await listCustomers(owner.user.id, business.id, params({ sort: "rewards" }), NOW))!.rows;
    expect(rows.map((r) => [r.rewardsEarned, r.rewardsReady])).toEqual([
      [3, 0],
      [2, 0],
      [1, 1],
      [0, 0],
    ]);
    // Unknown values fall back instead of failing.
    expect(await list({ sort: "name; drop", filter: "everything" })).toEqual(["Recent", "Between", "Old", "Never"]);
  });

  it("is the owner's and their staff's: anyone else gets null, whatever they ask", async () => {
    const { owner, business } = await createBusiness();
    await addMembers(business.id, [{ firstName: "Secret" }]);
    const staff = await createUser();
    await db.businessStaff.create({ data: { businessId: business.id, userId: staff.user.id } });
    const stranger = await createBusiness();
    expect((await listCustomers(owner.user.id, business.id, params(), NOW))!.rows).toHaveLength(1);
    expect((await listCustomers(staff.user.id, business.id, params(), NOW))!.rows).toHaveLength(1);
    expect(await listCustomers(stranger.owner.user.id, business.id, params(), NOW)).toBeNull();
    expect(await listCustomers(stranger.owner.user.id, randomUUID(), params(), NOW)).toBeNull();
  });
});

describe("the reward counters on Membership", () => {
  async function counters(membershipId: string) {
    const row = await db.membership.findUniqueOrThrow({
      where: { id: membershipId },
      select: { rewardsEarned: true, rewardsReady: true },
    });
    const earned = await db.reward.count({ where: { membershipId } });
    const ready = await db.reward.count({ where: { membershipId, status: "AVAILABLE" } });
    return { stored: [row.rewardsEarned, row.rewardsReady], direct: [earned, ready] };
  }

  it("stay equal to a direct count through issue, redeem, undo, expiry, a move and a deletion", async () => {
    const start = Date.now() - 10 * DAY;
    const dayAt = (day: number) => new Date(start + day * DAY);
    const { owner, business, tag, customer, reward } = await earnReward({ dayAt });
    const membership = await db.membership.findFirstOrThrow({
      where: { businessId: business.id, userId: customer.user.id },
    });
    const check = async (expected: [number, number]) => {
      const { stored, direct } = await counters(membership.id);
      expect(stored).toEqual(direct);
      expect(stored).toEqual(expected);
    };
    await check([1, 1]); // issued by a tap

    const now = new Date();
    expect((await redeemReward(owner.user.id, { rewardId: reward.id }, now)).ok).toBe(true);
    await check([1, 0]);
    expect(await undoRedemption(owner.user.id, reward.id, now)).toBe(true);
    await check([1, 1]);

    // Two more taps fill the card again (2 stamps).
    for (const day of [3, 4])
      await recordVisit({
        userId: customer.user.id,
        businessId: business.id,
        tagId: tag.id,
        source: "TAG",
        now: dayAt(day),
      });
    await check([2, 2]);

    await db.reward.update({ where: { id: reward.id }, data: { status: "EXPIRED" } });
    await check([2, 1]);
    // A write that changes neither status nor membership leaves the counts alone.
    await db.reward.update({ where: { id: reward.id }, data: { name: "Renamed" } });
    await check([2, 1]);

    // Moved to another membership, then deleted.
    const other = await createUser();
    const otherMembership = await db.membership.create({ data: { userId: other.user.id, businessId: business.id } });
    await db.reward.update({ where: { id: reward.id }, data: { membershipId: otherMembership.id } });
    await check([1, 1]);
    expect((await counters(otherMembership.id)).stored).toEqual([1, 0]);
    await db.reward.delete({ where: { id: reward.id } });
    expect((await counters(otherMembership.id)).stored).toEqual([0, 0]);
    await check([1, 1]);
  });

  it("a membership's deletion leaves the other counts right", async () => {
    const dayAt = (day: number) => new Date(Date.UTC(2026, 4, day, 10));
    const { business, customer } = await earnReward({ dayAt });
    await db.membership.deleteMany({ where: { businessId: business.id, userId: customer.user.id } });
    expect(await db.reward.count({ where: { businessId: business.id, membershipId: null } })).toBe(1);
  });
});
