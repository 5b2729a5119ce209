import { db } from "@/lib/db";
import { recordTap } from "@/lib/tap/record";
import { approveHeldVisit, rejectHeld } from "@/lib/review/decide";
import { startGuestCard } from "@/lib/auth/guest-card";
import { text } from "../support/catalog";
import { createBusiness, createUser, stampsProgram, uid } from "../support/fixtures";

// The review queue (docs/review-queue.md): a tap a hold rule keeps is written
// as a pending HeldVisit instead of the visit; staff approve it (the visit
// applied exactly once) or reject it (audited).

afterAll(() => db.$disconnect());
// Parallel approvals and the seeded week of visits take a while on a busy machine.
jest.setTimeout(30_000);

const identity = (userId: string) => ({ userId, sessionVersion: 0 });
const NOON = new Date("2026-06-10T10:00:00Z");
const later = (minutes: number) => new Date(NOON.getTime() + minutes * 60_000);

/** A café with three tags and a stamp card, where a customer may visit up to 10 times a day. */
async function cafe() {
  const setup = await createBusiness({ dailyTapLimit: 10, programs: [stampsProgram(10)] });
  const more = await Promise.all(
    [1, 2].map(() =>
      db.tag.create({
        data: {
          id: `t-${uid()}`,
          businessId: setup.business.id,
          claimedAt: new Date(),
          claimedById: setup.owner.user.id,
        },
      }),
    ),
  );
  const program = await db.program.findFirstOrThrow({ where: { businessId: setup.business.id }, select: { id: true } });
  return { ...setup, tags: [setup.tag, ...more], programId: program.id };
}

const stamps = async (userId: string, programId: string) =>
  (await db.progress.findFirst({ where: { programId, membership: { userId } }, select: { count: true } }))?.count ?? 0;

/** A customer who tapped three different tags within ten minutes: the third is held. */
async function heldAtThirdTag() {
  const setup = await cafe();
  const customer = await createUser();
  const answers = [];
  for (const [i, tag] of setup.tags.entries())
    answers.push(await recordTap(identity(customer.user.id), tag.id, later(i * 3)));
  return { ...setup, customer, answers };
}

describe("a tap a hold rule keeps", () => {
  it("is answered 202 'Your visit is being checked' and written as a pending held visit, nothing of the visit", async () => {
    const { business, customer, answers, programId, tags } = await heldAtThirdTag();
    expect(answers.map((a) => a.httpStatus)).toEqual([200, 200, 202]);
    const held = answers[2]!;
    expect(held.body).toMatchObject({ status: "held", state: "held", tag_id: tags[2]!.id, progress_updated: false });
    expect(text("en", held.body.message)).toBe("Your visit is being checked");
    expect(text("es", held.body.message)).toBe("Estamos comprobando tu visita");

    expect(await db.tap.count({ where: { userId: customer.user.id } })).toBe(2);
    expect(await stamps(customer.user.id, programId)).toBe(2);
    expect(
      await db.heldVisit.findMany({
        where: { businessId: business.id },
        select: { userId: true, tagId: true, reason: true, status: true, details: true },
      }),
    ).toEqual([
      {
        userId: customer.user.id,
        tagId: tags[2]!.id,
        reason: "tag_spread",
        status: "PENDING",
        details: { tags: 3, minutes: 10 },
      },
    ]);
  });

  it("the fifth guest card started from one address within ten minutes is held, and the address is kept only hashed", async () => {
    const setup = await cafe();
    // Off by default (a café's Wi-Fi): this owner switches it on.
    await db.business.update({
      where: { id: setup.business.id },
      data: { reviewRules: { guestAddress: { on: true, cards: 5, minutes: 10 } } },
    });
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const started = await startGuestCard({ tagId: setup.tag.id, sun: {}, language: "en", ip, now: later(i) });
      statuses.push(started.ok ? started.result.httpStatus : started.reason);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 202]);
    const held = await db.heldVisit.findFirstOrThrow({ where: { businessId: setup.business.id } });
    expect(held).toMatchObject({ reason: "guest_address", details: { cards: 5, minutes: 10 } });
    const hashes = await db.user.findMany({
      where: { guest: true, guestIpHash: { not: null } },
      select: { guestIpHash: true },
    });
    expect(hashes.some((u) => u.guestIpHash?.includes(ip))).toBe(false);
    // The held guest keeps its card: approved later, its first visit counts.
    expect(await db.user.count({ where: { id: held.userId } })).toBe(1);
  });

  it("a tag tapped 20 times in an hour, usually once an hour, holds the twentieth (the hold read's week and hour)", async () => {
    const setup = await cafe();
    const HOUR = 3_600_000;
    const at = (ms: number) => new Date(NOON.getTime() - ms);
    const row = (createdAt: Date) => ({
      businessId: setup.business.id,
      tagId: setup.tag.id,
      source: "TAG" as const,
      day: createdAt,
      createdAt,
    });
    // The week before the last hour: one visit an hour; the last hour: 19.
    await db.tap.createMany({ data: Array.from({ length: 168 }, (_, i) => row(at(HOUR + 30 * 60_000 + i * HOUR))) });
    await db.tap.createMany({ data: Array.from({ length: 19 }, (_, i) => row(at(2 * 60_000 + i * 60_000))) });
    const customer = await createUser();
    const answer = await recordTap(identity(customer.user.id), setup.tag.id, NOON);
    expect(answer.httpStatus).toBe(202);
    expect(await db.heldVisit.findFirstOrThrow({ where: { businessId: setup.business.id } })).toMatchObject({
      reason: "tag_burst",
      details: { lastHour: 20, usualPerHour: 1, factor: 5 },
    });
  });

  it("a busy tag's week, counted at its first tap, still holds the burst minutes later; switched off, the burst holds nothing", async () => {
    const setup = await cafe();
    const off = await cafe();
    await db.business.update({ where: { id: off.business.id }, data: { reviewRules: { tagBurst: { on: false } } } });
    const HOUR = 3_600_000;
    const at = (ms: number) => new Date(NOON.getTime() - ms);
    for (const { business, tag } of [setup, off]) {
      const row = (createdAt: Date) => ({
        businessId: business.id,
        tagId: tag.id,
        source: "TAG" as const,
        day: createdAt,
        createdAt,
      });
      await db.tap.createMany({ data: Array.from({ length: 168 }, (_, i) => row(at(HOUR + 30 * 60_000 + i * HOUR))) });
      await db.tap.createMany({ data: Array.from({ length: 16 }, (_, i) => row(at(20 * 60_000 + i * 60_000))) });
    }
    // Taps 17 to 20 of the hour, a few minutes apart, each by a new customer: the 20th is five times usual.
    for (const { tag } of [setup, off]) {
      const statuses = [];
      for (const minutes of [-8, -6, -4, 0]) {
        const customer = await createUser();
        statuses.push((await recordTap(identity(customer.user.id), tag.id, later(minutes))).httpStatus);
      }
      expect(statuses).toEqual(tag === setup.tag ? [200, 200, 200, 202] : [200, 200, 200, 200]);
    }
    expect(await db.heldVisit.findFirstOrThrow({ where: { businessId: setup.business.id } })).toMatchObject({
      reason: "tag_burst",
      details: { lastHour: 20, usualPerHour: 1, factor: 5 },
    });
    expect(await db.heldVisit.count({ where: { businessId: off.business.id } })).toBe(0);
  });

  it("a rule the owner switched off holds nothing", async () => {
    const setup = await cafe();
    await db.business.update({ where: { id: setup.business.id }, data: { reviewRules: { tagSpread: { on: false } } } });
    const customer = await createUser();
    const statuses = [];
    for (const [i, tag] of setup.tags.entries())
      statuses.push((await recordTap(identity(customer.user.id), tag.id, later(i))).httpStatus);
    expect(statuses).toEqual([200, 200, 200]);
  });
});

describe("approving a held visit", () => {
  it("ten approvals at once record the visit exactly once, at the time it was tapped, and the customer's progress moves", async () => {
    const { business, owner, customer, programId, tags } = await heldAtThirdTag();
    const held = await db.heldVisit.findFirstOrThrow({ where: { businessId: business.id }, select: { id: true } });

    const results = await Promise.all(
      Array.from({ length: 10 }, () => approveHeldVisit(owner.user.id, business.id, held.id, later(60))),
    );
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, recorded: true }]);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && ["decided", "not_found"].includes(r.code))).toBe(true);

    const taps = await db.tap.findMany({ where: { userId: customer.user.id }, orderBy: { createdAt: "asc" } });
    expect(taps).toHaveLength(3);
    expect(taps[2]).toMatchObject({ tagId: tags[2]!.id, createdAt: later(6) });
    expect(await stamps(customer.user.id, programId)).toBe(3);
    const decided = await db.heldVisit.findUniqueOrThrow({ where: { id: held.id } });
    expect(decided).toMatchObject({ status: "APPROVED", decidedById: owner.user.id, tapId: taps[2]!.id });
    expect(await db.auditLog.count({ where: { businessId: business.id, action: "HELD_VISIT_APPROVED" } })).toBe(1);
  });

  it("the day's limit still applies: a day already spent records nothing", async () => {
    const { business, owner, customer, programId } = await heldAtThirdTag();
    await db.business.update({ where: { id: business.id }, data: { dailyTapLimit: 2 } });
    const held = await db.heldVisit.findFirstOrThrow({ where: { businessId: business.id }, select: { id: true } });
    expect(await approveHeldVisit(owner.user.id, business.id, held.id, later(60))).toEqual({
      ok: true,
      recorded: false,
    });
    expect(await db.tap.count({ where: { userId: customer.user.id } })).toBe(2);
    expect(await stamps(customer.user.id, programId)).toBe(2);
    expect((await db.heldVisit.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("APPROVED");
  });
});

describe("rejecting a held visit", () => {
  it("records nothing and is audited with who rejected it; it can no longer be approved", async () => {
    const { business, owner, customer, programId } = await heldAtThirdTag();
    const held = await db.heldVisit.findFirstOrThrow({ where: { businessId: business.id }, select: { id: true } });
    expect(await rejectHeld(owner.user.id, business.id, held.id, later(30))).toEqual({ ok: true });
    expect(await rejectHeld(owner.user.id, business.id, held.id, later(31))).toEqual({ ok: false, code: "decided" });

    const entries = await db.auditLog.findMany({
      where: { businessId: business.id, action: "HELD_VISIT_REJECTED" },
      select: { actorId: true, customerId: true, details: true },
    });
    expect(entries).toEqual([
      {
        actorId: owner.user.id,
        customerId: customer.user.id,
        details: { heldVisitId: held.id, reason: "tag_spread", heldAt: later(6).toISOString() },
      },
    ]);
    expect(await approveHeldVisit(owner.user.id, business.id, held.id, later(40))).toEqual({
      ok: false,
      code: "not_found",
    });
    expect(await db.tap.count({ where: { userId: customer.user.id } })).toBe(2);
    expect(await stamps(customer.user.id, programId)).toBe(2);
  });
});
