import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { adjustProgress } from "@/lib/customers/adjust-progress";
import { getCounterBusiness } from "@/lib/db/business-access";
import { getCustomerCard } from "@/lib/db/customer-card";
import { recordVisitFromCard } from "@/lib/qr/counter-visit";
import { redeemRewardAtCounter } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { listWallet } from "@/lib/db/wallet";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

afterAll(() => db.$disconnect());

/** A business with a 3-stamp card and a points program, and a customer who is a member (one tap). */
async function memberSetup(options: { dailyTapLimit?: number } = {}) {
  const setup = await createBusiness({
    dailyTapLimit: options.dailyTapLimit,
    programs: [
      stampsProgram(3),
      { type: "points", name: "Points", rules: { pointsPerVisit: 10, threshold: 100 }, rewardName: "Cake" },
      { type: "birthday", name: "Birthday", rules: { windowDays: 7 }, rewardName: "Gift" },
    ],
  });
  const programs = await db.program.findMany({ where: { businessId: setup.business.id } });
  const program = (type: string) => programs.find((p) => p.type === type)!;
  const { user: customer } = await createUser({ firstName: "Marta", lastName: "Puig" });
  const tap = await recordVisit({
    userId: customer.id,
    businessId: setup.business.id,
    tagId: setup.tag.id,
    source: "TAG",
  });
  if (!tap.ok) throw new Error("visit refused");
  return { ...setup, customer, stamps: program("stamps"), points: program("points"), birthday: program("birthday") };
}

const progressOf = async (customerId: string, programId: string) =>
  db.progress.findFirst({ where: { programId, membership: { userId: customerId } } });

const auditOf = (businessId: string) => db.auditLog.findMany({ where: { businessId }, orderBy: { createdAt: "asc" } });

describe("manual adjustments", () => {
  it("an adjustment that completes a card issues its reward with it, and writes one audit row before → after", async () => {
    const s = await memberSetup();
    expect((await progressOf(s.customer.id, s.stamps.id))?.count).toBe(1);

    const outcome = await adjustProgress(s.owner.user.id, {
      businessId: s.business.id,
      customerId: s.customer.id,
      programId: s.stamps.id,
      delta: 2,
      reason: "Stamps lost when the tag was down",
    });
    expect(outcome).toMatchObject({ ok: true, before: { count: 1, total: 1 }, after: { count: 0, total: 3 } });
    expect(outcome.ok && outcome.rewards).toHaveLength(1);

    const rewards = await db.reward.findMany({ where: { userId: s.customer.id, businessId: s.business.id } });
    expect(rewards).toEqual([expect.objectContaining({ name: "Free coffee", status: "AVAILABLE", tapId: null })]);
    expect(await db.rewardEvent.count({ where: { rewardId: rewards[0]!.id, type: "ISSUED" } })).toBe(1);
    expect((await progressOf(s.customer.id, s.stamps.id))?.count).toBe(0);

    const audit = await auditOf(s.business.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "ADJUSTMENT",
      actorId: s.owner.user.id,
      actorName: "Test U.",
      customerId: s.customer.id,
      programId: s.stamps.id,
      reason: "Stamps lost when the tag was down",
      before: { count: 1, total: 1 },
      after: { count: 0, total: 3 },
    });
    expect(audit[0]!.details).toMatchObject({ delta: 2, applied: 2, rewards: [{ id: rewards[0]!.id }] });

    // No Tap row, and the day's tap count is untouched: the customer may still tap today.
    expect(await db.tap.count({ where: { userId: s.customer.id } })).toBe(1);
    expect(await db.dailyTapCount.findMany({ where: { userId: s.customer.id } })).toEqual([
      expect.objectContaining({ count: 1 }),
    ]);
  });

  it("the adjustment is in the card's history and the customer's wallet, with its reason", async () => {
    const s = await memberSetup();
    await adjustProgress(s.owner.user.id, {
      businessId: s.business.id,
      customerId: s.customer.id,
      programId: s.points.id,
      delta: 25,
      reason: "Birthday bonus",
    });
    const business = (await getCounterBusiness(s.owner.user.id, s.business.id))!;
    const card = (await getCustomerCard(s.owner.user.id, business, s.customer.id))!;
    expect(card.history.map((h) => h.kind).sort()).toEqual(["adjustment", "visit"]);
    expect(card.history.find((h) => h.kind === "adjustment")).toMatchObject({
      delta: 25,
      programType: "points",
      reason: "Birthday bonus",
    });
    expect(card.programs.find((p) => p.id === s.points.id)?.progress.current).toBe(35);

    const [wallet] = await listWallet(s.customer.id);
    expect(wallet?.history[0]).toMatchObject({ kind: "adjustment", delta: 25, reason: "Birthday bonus" });
  });

  it("a removal stops at zero; nothing to remove and a type that can't be adjusted write nothing", async () => {
    const s = await memberSetup();
    const base = { businessId: s.business.id, customerId: s.customer.id, reason: "Correction" };
    expect(await adjustProgress(s.owner.user.id, { ...base, programId: s.stamps.id, delta: -5 })).toMatchObject({
      ok: true,
      after: { count: 0 },
      applied: -1,
    });
    expect(await adjustProgress(s.owner.user.id, { ...base, programId: s.stamps.id, delta: -1 })).toEqual({
      ok: false,
      reason: "nothing_to_remove",
    });
    expect(await adjustProgress(s.owner.user.id, { ...base, programId: s.birthday.id, delta: 1 })).toEqual({
      ok: false,
      reason: "not_adjustable",
    });
    expect(await auditOf(s.business.id)).toHaveLength(1);
  });

  it("a concurrent tap and adjustment don't lose either", async () => {
    // Each customer taps (+1) and gets +1 from the owner at the same moment, on a 3-stamp card
    // at 1: whatever the order, the card completes once and no stamp is lost.
    const setups = await Promise.all(Array.from({ length: 8 }, () => memberSetup({ dailyTapLimit: 5 })));
    await Promise.all(
      setups.flatMap((s) => [
        recordVisit({ userId: s.customer.id, businessId: s.business.id, tagId: s.tag.id, source: "TAG" }),
        adjustProgress(s.owner.user.id, {
          businessId: s.business.id,
          customerId: s.customer.id,
          programId: s.points.id,
          delta: 95,
          reason: "Concurrent",
        }),
        adjustProgress(s.owner.user.id, {
          businessId: s.business.id,
          customerId: s.customer.id,
          programId: s.stamps.id,
          delta: 1,
          reason: "Concurrent",
        }),
      ]),
    );
    for (const s of setups) {
      const stamps = await progressOf(s.customer.id, s.stamps.id);
      const points = await progressOf(s.customer.id, s.points.id);
      // Stamps: 1 + tap + adjustment = 3 → one reward, a fresh card; points: 10 + 10 + 95 = 115 → one reward, 15 left.
      expect({ stamps: stamps?.total, points: points?.total }).toEqual({ stamps: 3, points: 115 });
      expect({ stamps: stamps?.count, points: points?.count }).toEqual({ stamps: 0, points: 15 });
      expect(await db.reward.count({ where: { userId: s.customer.id } })).toBe(2);
      expect(await db.tap.count({ where: { userId: s.customer.id } })).toBe(2);
    }
  });
});

describe("who may see and change a customer's card", () => {
  it("another owner's card read and adjustment are refused and write nothing", async () => {
    const s = await memberSetup();
    const other = await createBusiness();
    expect(await getCounterBusiness(other.owner.user.id, s.business.id)).toBeNull();
    // Even handed the business, the card's own queries match who works there.
    const business = (await getCounterBusiness(s.owner.user.id, s.business.id))!;
    expect(await getCustomerCard(other.owner.user.id, business, s.customer.id)).toBeNull();
    expect(
      await adjustProgress(other.owner.user.id, {
        businessId: s.business.id,
        customerId: s.customer.id,
        programId: s.stamps.id,
        delta: 2,
        reason: "Not mine",
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    const reward = await db.reward.create({
      data: { code: `X${Date.now()}`.slice(0, 12), businessId: s.business.id, userId: s.customer.id, name: "Gift" },
    });
    expect(
      await redeemRewardAtCounter(
        { id: other.owner.user.id, name: "Other" },
        { businessId: s.business.id, customerId: s.customer.id, rewardId: reward.id },
      ),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
    expect((await progressOf(s.customer.id, s.stamps.id))?.count).toBe(1);
    expect(await auditOf(s.business.id)).toHaveLength(0);
  });

  it("a customer who is not a member has no card", async () => {
    const s = await memberSetup();
    const { user: stranger } = await createUser();
    const business = (await getCounterBusiness(s.owner.user.id, s.business.id))!;
    expect(await getCustomerCard(s.owner.user.id, business, stranger.id)).toBeNull();
    expect(await recordVisitFromCard(s.owner.user.id, business, stranger.id, new Date())).toMatchObject({ ok: false });
    expect(await db.membership.count({ where: { userId: stranger.id } })).toBe(0);
  });

  it("staff can read the card, record a visit and redeem, but not adjust", async () => {
    const s = await memberSetup({ dailyTapLimit: 5 });
    const { user: staff } = await createUser({ firstName: "Sam", lastName: "Staff" });
    await db.businessStaff.create({ data: { businessId: s.business.id, userId: staff.id } });

    const business = (await getCounterBusiness(staff.id, s.business.id))!;
    expect(business.access).toBe("staff");
    const card = await getCustomerCard(staff.id, business, s.customer.id);
    expect(card).toMatchObject({ customer: { id: s.customer.id, fullName: "Marta Puig" }, visitCount: 1 });

    expect(await recordVisitFromCard(staff.id, business, s.customer.id, new Date())).toMatchObject({ ok: true });
    expect(await recordVisitFromCard(staff.id, business, s.customer.id, new Date())).toMatchObject({ ok: true });
    const reward = await db.reward.findFirstOrThrow({ where: { userId: s.customer.id, businessId: s.business.id } });

    const redeemed = await redeemRewardAtCounter(
      { id: staff.id, name: "Sam S." },
      { businessId: s.business.id, customerId: s.customer.id, rewardId: reward.id },
    );
    expect(redeemed).toMatchObject({ ok: true, rewardId: reward.id });
    // Once: the second tap finds it redeemed.
    expect(
      await redeemRewardAtCounter(
        { id: staff.id, name: "Sam S." },
        { businessId: s.business.id, customerId: s.customer.id, rewardId: reward.id },
      ),
    ).toMatchObject({ ok: false, code: "already_redeemed" });
    expect(await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).toMatchObject({
      status: "REDEEMED",
      redeemedById: staff.id,
    });
    // Each visit and the redemption, with who did them.
    expect(await auditOf(s.business.id)).toEqual([
      expect.objectContaining({ action: "VISIT_RECORDED", actorId: staff.id, customerId: s.customer.id }),
      expect.objectContaining({ action: "VISIT_RECORDED", actorId: staff.id, customerId: s.customer.id }),
      expect.objectContaining({
        action: "REDEMPTION",
        actorId: staff.id,
        actorName: "Sam S.",
        customerId: s.customer.id,
      }),
    ]);

    expect(
      await adjustProgress(staff.id, {
        businessId: s.business.id,
        customerId: s.customer.id,
        programId: s.stamps.id,
        delta: 1,
        reason: "Staff try",
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    // The refused adjustment wrote nothing: still the two visits and the redemption.
    expect(await auditOf(s.business.id)).toHaveLength(3);
  });

  it("concurrent redemptions of one reward: exactly one succeeds", async () => {
    const s = await memberSetup();
    const reward = await db.reward.create({
      data: { code: `R${Date.now()}`.slice(0, 12), businessId: s.business.id, userId: s.customer.id, name: "Gift" },
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        redeemRewardAtCounter(
          { id: s.owner.user.id, name: "Owner" },
          { businessId: s.business.id, customerId: s.customer.id, rewardId: reward.id },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.auditLog.count({ where: { businessId: s.business.id, action: "REDEMPTION" } })).toBe(1);
  });
});

describe("the audit log is append-only", () => {
  it("a raw UPDATE, DELETE or TRUNCATE of AuditLog fails", async () => {
    const s = await memberSetup();
    await adjustProgress(s.owner.user.id, {
      businessId: s.business.id,
      customerId: s.customer.id,
      programId: s.stamps.id,
      delta: 1,
      reason: "Kept forever",
    });
    const [entry] = await auditOf(s.business.id);
    await expect(
      db.$executeRawUnsafe(`UPDATE "AuditLog" SET "reason" = 'changed' WHERE "id" = $1`, entry!.id),
    ).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`DELETE FROM "AuditLog" WHERE "id" = $1`, entry!.id)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.$executeRawUnsafe(`TRUNCATE "AuditLog"`)).rejects.toThrow(/append-only/);
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: entry!.id } })).toMatchObject({ reason: "Kept forever" });
  });

  it("lib/ has no path that updates or deletes audit entries", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (name === "generated") continue;
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(process.cwd(), "lib"));
    expect(files.length).toBeGreaterThan(20);
    const forbidden = [
      /auditLog\s*\.\s*(update|updateMany|upsert|delete|deleteMany)\b/,
      /UPDATE\s+"AuditLog"/i,
      /DELETE\s+FROM\s+"AuditLog"/i,
      /TRUNCATE\s+(TABLE\s+)?"AuditLog"/i,
    ];
    const offending = files.filter((file) => forbidden.some((pattern) => pattern.test(readFileSync(file, "utf8"))));
    expect(offending).toEqual([]);
  });
});
