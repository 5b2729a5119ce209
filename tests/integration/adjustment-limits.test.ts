import { db } from "@/lib/db";
import { adjustProgress } from "@/lib/customers/adjust-progress";
import { recordVisit } from "@/lib/tap/record-visit";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { ADJUSTMENT_WINDOW_MS, ADJUSTMENTS_PER_WINDOW, MAX_REWARDS_PER_ADJUSTMENT } from "@/lib/loyalty/adjust";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// Manual adjustments issue rewards, and each reward is a mail and a push to
// the customer: one adjustment issues at most MAX_REWARDS_PER_ADJUSTMENT (10),
// and a business makes at most ADJUSTMENTS_PER_WINDOW (30) an hour
// (docs/owner-tools.md, "Adjustments").

// The first query connects and a visit starts the job queue, once per process:
// on a busy machine that alone can take seconds, so it happens here, not in a test's 5.
beforeAll(async () => {
  await jobQueueReady();
  await db.user.count();
}, 30_000);
afterAll(() => db.$disconnect());

/** A business with a 1-stamp card (every stamp is a reward) and a member. */
async function setup() {
  const { owner, business, tag } = await createBusiness({ programs: [stampsProgram(1)] });
  const { user: customer } = await createUser();
  expect((await recordVisit({ userId: customer.id, businessId: business.id, tagId: tag.id, source: "TAG" })).ok).toBe(
    true,
  );
  const program = await db.program.findFirstOrThrow({ where: { businessId: business.id } });
  const rewardsBefore = await db.reward.count({ where: { userId: customer.id } });
  const adjust = (delta: number, now?: Date) =>
    adjustProgress(
      owner.user.id,
      { businessId: business.id, customerId: customer.id, programId: program.id, delta, reason: "Correction" },
      now,
    );
  const newRewards = async () => (await db.reward.count({ where: { userId: customer.id } })) - rewardsBefore;
  return { owner, business, customer, program, adjust, newRewards };
}

describe("adjustment limits", () => {
  it(`one adjustment issues at most ${MAX_REWARDS_PER_ADJUSTMENT} rewards; one that would issue more is refused whole`, async () => {
    const s = await setup();
    expect(MAX_REWARDS_PER_ADJUSTMENT).toBe(10);
    expect(await s.adjust(MAX_REWARDS_PER_ADJUSTMENT + 1)).toEqual({ ok: false, reason: "too_many_rewards" });
    expect(await s.adjust(1000)).toEqual({ ok: false, reason: "too_many_rewards" });
    expect(await s.newRewards()).toBe(0);
    expect(await db.auditLog.count({ where: { businessId: s.business.id, action: "ADJUSTMENT" } })).toBe(0);

    const outcome = await s.adjust(MAX_REWARDS_PER_ADJUSTMENT);
    expect(outcome.ok && outcome.rewards).toHaveLength(MAX_REWARDS_PER_ADJUSTMENT);
    expect(await s.newRewards()).toBe(MAX_REWARDS_PER_ADJUSTMENT);
  });

  it(`a business makes at most ${ADJUSTMENTS_PER_WINDOW} adjustments an hour; another business is not held back, and the next hour opens again`, async () => {
    const s = await setup();
    const other = await setup();
    expect(ADJUSTMENTS_PER_WINDOW).toBe(30);
    const start = new Date(Date.now() + 365 * 86_400_000);
    for (let i = 0; i < ADJUSTMENTS_PER_WINDOW; i++) expect((await s.adjust(1, start)).ok).toBe(true);
    expect(await s.adjust(1, new Date(start.getTime() + 60_000))).toEqual({ ok: false, reason: "rate_limited" });
    expect(await s.newRewards()).toBe(ADJUSTMENTS_PER_WINDOW);
    expect(await db.auditLog.count({ where: { businessId: s.business.id, action: "ADJUSTMENT" } })).toBe(
      ADJUSTMENTS_PER_WINDOW,
    );

    expect((await other.adjust(1, start)).ok).toBe(true);
    expect((await s.adjust(1, new Date(start.getTime() + ADJUSTMENT_WINDOW_MS))).ok).toBe(true);
  }, 60_000);

  it("adjustments at once can't pass the hour's allowance", async () => {
    const s = await setup();
    const start = new Date(Date.now() + 400 * 86_400_000);
    const outcomes = await Promise.all(Array.from({ length: ADJUSTMENTS_PER_WINDOW + 5 }, () => s.adjust(1, start)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(ADJUSTMENTS_PER_WINDOW);
    expect(outcomes.filter((o) => !o.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, reason: "rate_limited" })),
    );
  }, 60_000);
});
