import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { recordPurchase } from "@/lib/purchases/record-purchase";
import { refundPurchase } from "@/lib/purchases/refund-purchase";
import { redeemReward } from "@/lib/rewards/redeem";
import { recordVisit } from "@/lib/tap/record-visit";
import { createBusiness, createUser, uid } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";

// Points for what a customer spends (docs/purchases.md): the rule with its
// rounding and minimum, one receipt earning once under parallel requests,
// refunds (also after the reward was redeemed), the audit entries naming the
// actor, and staff of another business refused.

beforeAll(async () => {
  await jobQueueReady();
  await db.user.count();
}, 30_000);
afterAll(() => db.$disconnect());

/** A business with a points program: 2 points per euro from 5.00 €, 100 points per reward, 0 per visit. */
async function setup(rules: Record<string, number> = {}) {
  const { owner, business, tag } = await createBusiness({
    programs: [
      {
        type: "points",
        name: "Spend card",
        rules: { pointsPerVisit: 0, threshold: 100, pointsPerEuro: 2, minimumCents: 500, ...rules },
        rewardName: "Free lunch",
        rewardExpiryDays: 30,
      },
    ],
  });
  const { user: customer } = await createUser();
  const program = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
  const progress = async () => {
    const row = await db.progress.findFirst({
      where: { programId: program.id, membership: { userId: customer.id } },
      select: { count: true, total: true, state: true },
    });
    return row ?? { count: 0, total: 0, state: {} };
  };
  const buy = (amountCents: number, receipt?: string, actorId = owner.user.id) =>
    recordPurchase({
      businessId: business.id,
      customer: { userId: customer.id },
      amountCents,
      receipt,
      actor: { kind: "user", id: actorId },
    });
  return { owner: owner.user, business, tag, customer, program, progress, buy };
}

describe("recording a purchase", () => {
  it("earns floor(amount × rate) points, nothing under the minimum, and is not a visit", async () => {
    const s = await setup();
    const under = await s.buy(499);
    expect(under.ok && under.purchase.points).toBe(0);
    expect(await s.progress()).toMatchObject({ count: 0 });

    // 12.99 € at 2 points per euro is 25.98: 25 points, rounded down.
    const first = await s.buy(1299);
    expect(first.ok && first.purchase.points).toBe(25);
    // Exactly the minimum earns.
    const second = await s.buy(500);
    expect(second.ok && second.purchase.points).toBe(10);
    expect(await s.progress()).toMatchObject({ count: 35, total: 35 });

    const membership = await db.membership.findFirstOrThrow({
      where: { userId: s.customer.id, businessId: s.business.id },
    });
    expect(membership.visitCount).toBe(0);
    expect(await db.tap.count({ where: { businessId: s.business.id } })).toBe(0);
    expect(await db.purchase.count({ where: { businessId: s.business.id } })).toBe(3);
  });

  it("issues the rewards the points complete in the same transaction, with their mail and push queued", async () => {
    const s = await setup();
    // 60.00 € → 120 points: one reward, 20 carried over.
    const outcome = await s.buy(6000);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.purchase.points).toBe(120);
    expect(outcome.rewards).toHaveLength(1);
    expect(await s.progress()).toMatchObject({ count: 20, total: 120 });
    const reward = await db.reward.findFirstOrThrow({ where: { userId: s.customer.id } });
    expect(reward).toMatchObject({ name: "Free lunch", status: "AVAILABLE", programId: s.program.id });
    const jobs = await jobsWhere(["mail.reward-earned", "push.reward-earned"], "rewardId", [reward.id]);
    expect(jobs.map((j) => j.name).sort()).toEqual(["mail.reward-earned", "push.reward-earned"]);
  });

  it("refuses a purchase that would issue more than 10 rewards, and writes nothing", async () => {
    const s = await setup({ threshold: 1 });
    expect(await s.buy(600)).toEqual({ ok: false, reason: "too_many_rewards" });
    expect(await db.purchase.count({ where: { businessId: s.business.id } })).toBe(0);
    expect(await db.reward.count({ where: { userId: s.customer.id } })).toBe(0);
  });

  it("refuses a bad amount with nothing changed", async () => {
    const s = await setup();
    for (const bad of [0, -100, 12.5, Number.NaN, 1e12])
      expect(await s.buy(bad)).toEqual({ ok: false, reason: "bad_amount" });
    expect(await db.purchase.count({ where: { businessId: s.business.id } })).toBe(0);
  });

  it("earns once for one receipt under 10 parallel requests", async () => {
    const s = await setup();
    const receipt = `R-${uid()}`;
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => s.buy(2550, receipt)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const ids = new Set(outcomes.map((o) => (o.ok ? o.purchase.id : null)));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((o) => o.ok && !o.replayed)).toHaveLength(1);
    expect(await db.purchase.count({ where: { businessId: s.business.id } })).toBe(1);
    expect(await s.progress()).toMatchObject({ count: 51, total: 51 });
    expect(await db.auditLog.count({ where: { businessId: s.business.id, action: "PURCHASE_RECORDED" } })).toBe(1);
    // The same receipt for another amount is somebody else's purchase: refused.
    expect(await s.buy(999, receipt)).toEqual({ ok: false, reason: "receipt_taken" });
    // Another business may use the same number.
    const other = await setup();
    const elsewhere = await other.buy(2550, receipt);
    expect(elsewhere.ok && !elsewhere.replayed).toBe(true);
  }, 30_000);

  it("audits the purchase with the actor: the owner, a staff member, or an API key", async () => {
    const s = await setup();
    const { user: staff } = await createUser({ firstName: "Sam", lastName: "Staff" });
    await db.businessStaff.create({ data: { businessId: s.business.id, userId: staff.id } });
    await s.buy(1000, `A-${uid()}`);
    await s.buy(1000, undefined, staff.id);
    const keyId = randomUUID();
    await recordPurchase({
      businessId: s.business.id,
      customer: { userId: s.customer.id },
      amountCents: 1000,
      actor: { kind: "api-key", id: keyId },
    });
    const entries = await db.auditLog.findMany({
      where: { businessId: s.business.id, action: "PURCHASE_RECORDED" },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => [e.actorId, (e.details as { actorKind: string }).actorKind])).toEqual([
      [s.owner.id, "owner"],
      [staff.id, "staff"],
      [keyId, "api-key"],
    ]);
    expect(entries[1]).toMatchObject({ actorName: "Sam S.", customerId: s.customer.id });
    expect(entries[0]!.details).toMatchObject({ amountCents: 1000, currency: "EUR", points: 20 });
  });

  it("refuses staff of another business, and writes nothing", async () => {
    const s = await setup();
    const other = await setup();
    const { user: staff } = await createUser();
    await db.businessStaff.create({ data: { businessId: other.business.id, userId: staff.id } });
    expect(await s.buy(1000, undefined, staff.id)).toEqual({ ok: false, reason: "business_not_found" });
    expect(await s.buy(1000, undefined, other.owner.id)).toEqual({ ok: false, reason: "business_not_found" });
    const purchase = await s.buy(1000);
    if (!purchase.ok) throw new Error(purchase.reason);
    const refund = await refundPurchase({
      businessId: s.business.id,
      purchaseId: purchase.purchase.id,
      key: randomUUID(),
      actor: { kind: "user", id: staff.id },
    });
    expect(refund).toEqual({ ok: false, reason: "business_not_found" });
    // Nor through their own business: the purchase is not theirs.
    const viaOwn = await refundPurchase({
      businessId: other.business.id,
      purchaseId: purchase.purchase.id,
      key: randomUUID(),
      actor: { kind: "user", id: staff.id },
    });
    expect(viaOwn).toEqual({ ok: false, reason: "purchase_not_found" });
    expect(await db.purchase.count({ where: { businessId: s.business.id } })).toBe(1);
    expect(await s.progress()).toMatchObject({ count: 20 });
  });

  it("a purchase's points add to a card's visit points, and a visit still counts against the daily limit", async () => {
    const s = await setup({ pointsPerVisit: 10 });
    await s.buy(1000);
    const visit = await recordVisit({
      userId: s.customer.id,
      businessId: s.business.id,
      tagId: s.tag.id,
      source: "TAG",
    });
    expect(visit.ok).toBe(true);
    await s.buy(1000);
    expect(await s.progress()).toMatchObject({ count: 50 });
  });
});

describe("refunding a purchase", () => {
  const refund = (s: Awaited<ReturnType<typeof setup>>, purchaseId: string, amountCents?: number, key = randomUUID()) =>
    refundPurchase({
      businessId: s.business.id,
      purchaseId,
      amountCents: amountCents ?? null,
      key,
      actor: { kind: "user", id: s.owner.id },
    });

  it("takes back the points of the part refunded, once per key, never more than the amount", async () => {
    const s = await setup();
    const bought = await s.buy(3000);
    if (!bought.ok) throw new Error(bought.reason);
    expect(await s.progress()).toMatchObject({ count: 60 });
    const key = randomUUID();
    // 10.00 € back: the purchase keeps 20.00 €, worth 40 points.
    const partial = await refund(s, bought.purchase.id, 1000, key);
    expect(partial.ok && partial.refund.points).toBe(20);
    const again = await refund(s, bought.purchase.id, 1000, key);
    expect(again.ok && again.replayed).toBe(true);
    expect(await s.progress()).toMatchObject({ count: 40, total: 40 });
    expect(await refund(s, bought.purchase.id, 2001)).toEqual({ ok: false, reason: "too_much" });
    // 16.00 € more leaves 4.00 €, under the minimum: every remaining point goes back.
    const below = await refund(s, bought.purchase.id, 1600);
    expect(below.ok && below.refund.points).toBe(40);
    expect(await s.progress()).toMatchObject({ count: 0, total: 0 });
    const rest = await refund(s, bought.purchase.id);
    expect(rest.ok && rest.refund).toMatchObject({ amountCents: 400, points: 0 });
    expect(await refund(s, bought.purchase.id)).toEqual({ ok: false, reason: "nothing_to_refund" });
    const row = await db.purchase.findUniqueOrThrow({ where: { id: bought.purchase.id } });
    expect(row.refundedCents).toBe(3000);
    const audits = await db.auditLog.findMany({ where: { businessId: s.business.id, action: "PURCHASE_REFUNDED" } });
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.actorId === s.owner.id && a.customerId === s.customer.id)).toBe(true);
  });

  it("after the reward was redeemed: the reward stays redeemed and the card owes the points", async () => {
    const s = await setup();
    // 55.00 € → 110 points: a reward, 10 left.
    const bought = await s.buy(5500);
    if (!bought.ok) throw new Error(bought.reason);
    const reward = bought.rewards[0]!;
    expect((await redeemReward(s.owner.id, { rewardId: reward.id })).ok).toBe(true);
    const whole = await refund(s, bought.purchase.id);
    expect(whole.ok && whole.refund.points).toBe(110);
    expect(await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).toMatchObject({ status: "REDEEMED" });
    // 10 points came off the balance; the other 100 are owed.
    expect(await s.progress()).toMatchObject({ count: 0, total: 0, state: { debt: 100 } });
    // The next purchase pays the debt first: 60.00 € = 120 points, 100 to the debt, 20 on the card, no reward.
    const next = await s.buy(6000);
    expect(next.ok && next.rewards).toEqual([]);
    expect(await s.progress()).toMatchObject({ count: 20, state: {} });
  });

  it("refunds at once with the same key refund once", async () => {
    const s = await setup();
    const bought = await s.buy(4000);
    if (!bought.ok) throw new Error(bought.reason);
    const key = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refund(s, bought.purchase.id, 1000, key)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes.filter((o) => o.ok && !o.replayed)).toHaveLength(1);
    expect(await db.purchaseRefund.count({ where: { purchaseId: bought.purchase.id } })).toBe(1);
    expect(await s.progress()).toMatchObject({ count: 60 });
  }, 30_000);
});
