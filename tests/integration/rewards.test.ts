import { redeemRewardAction, undoRedemptionAction } from "@/lib/actions/redeem-reward";
import { getCurrentUser } from "@/lib/auth/current-user";
import { TEST_CLOCK_HEADER } from "@/lib/clock";
import { db } from "@/lib/db";
import { findRewardToRedeem, getRewardForViewer, listCustomerRewards } from "@/lib/db/rewards";
import { redeemReward, redeemRewardAtCounter, undoRedemption } from "@/lib/rewards/redeem";
import { findActiveUserById } from "@/lib/db/users";
import { UNDO_WINDOW_MS } from "@/lib/rewards/status";
import { recordVisit } from "@/lib/tap/record-visit";
import { listWallet } from "@/lib/db/wallet";
import { createBusiness, createUser, earnReward as earnRewardFixture, stampsProgram, uid } from "../support/fixtures";
import { lineText, readProgress } from "@/tests/support/catalog";

// The counter's redeem and undo actions read the session (getCurrentUser) and
// the request's clock (x-loyaltap-now, honoured with LOYALTAP_TEST_CLOCK=1).
jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
let requestHeaders = new Headers();
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(async () => requestHeaders),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());
process.env.LOYALTAP_TEST_CLOCK = "1";

/** The action's request as made at `at`. */
const at = (moment: Date) => {
  requestHeaders = new Headers({ [TEST_CLOCK_HEADER]: moment.toISOString() });
};

afterAll(() => db.$disconnect());

const day = (n: number) => new Date(Date.UTC(2026, 6, n, 10));

/** A customer who filled a 2-stamp card: returns the issued reward. */
const earnReward = (options: Omit<Parameters<typeof earnRewardFixture>[0], "dayAt"> = {}) =>
  earnRewardFixture({ dayAt: day, ...options });

describe("rewards", () => {
  it("a visit answers each card's progress after it, and the wallet reads the engine's offer", async () => {
    const setup = await createBusiness({ programs: [stampsProgram(3)] });
    const customer = await createUser();
    const visit = await recordVisit({
      userId: customer.user.id,
      businessId: setup.business.id,
      tagId: setup.tag.id,
      source: "TAG",
      now: day(1),
    });
    if (!visit.ok) throw new Error("visit refused");
    expect(readProgress(visit.programs[0]!.progress)).toMatchObject({ current: 1, target: 3, label: "1/3 stamps" });
    const [card] = await listWallet(customer.user.id, day(1));
    const program = card!.programs[0]!;
    expect(readProgress(program.progress)).toMatchObject({ current: 1, target: 3, label: "1/3 stamps" });
    expect(lineText(program.offer!)).toBe("Collect 3 stamps → Free coffee");
    expect(program).toMatchObject({ description: "Collect 3 stamps", startDate: null, endDate: null });
  });

  it("are issued into the customer's wallet with a code and an expiry", async () => {
    const { customer, reward, business } = await earnReward();
    expect(reward.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const lists = await listCustomerRewards(customer.user.id, day(3));
    expect(lists.available.map((r) => r.code)).toEqual([reward.code]);
    const [card] = await listWallet(customer.user.id, day(3));
    expect(card).toMatchObject({ businessId: business.id, visitCount: 2, availableRewards: 1 });
    expect(readProgress(card!.programs[0]!.progress)).toMatchObject({ current: 0, target: 2, label: "0/2 stamps" });
  });

  it("the owner redeems by code (case and spaces forgiven); a second redemption is refused", async () => {
    const { owner, reward, customer } = await earnReward();
    const typed = reward.code.toLowerCase().replace(/(.{4})/, "$1 ");
    const first = await redeemReward(owner.user.id, { code: typed }, day(3));
    expect(first).toMatchObject({ ok: true, rewardId: reward.id });
    const again = await redeemReward(owner.user.id, { code: reward.code }, day(3));
    expect(again).toMatchObject({ ok: false, status: 409, code: "already_redeemed" });
    const lists = await listCustomerRewards(customer.user.id, day(3));
    expect(lists.redeemed.map((r) => r.id)).toEqual([reward.id]);
  });

  it("names the customer to the owner as their QR page does: first name and last initial", async () => {
    const { owner, reward } = await earnReward({ customer: { firstName: "jordi", lastName: "vila" } });
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, day(3))).toMatchObject({
      ok: true,
      customerName: "jordi V.",
    });
    expect(await getRewardForViewer(owner.user.id, reward.id, day(3))).toMatchObject({
      viewer: "owner",
      customerName: "jordi V.",
    });
  });

  it("names a customer without first and last names by their display name's words", async () => {
    const { owner, reward } = await earnReward({
      customer: { firstName: null, lastName: null, name: "Laia Serra Puig" },
    });
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, day(3))).toMatchObject({
      ok: true,
      customerName: "Laia S.",
    });
  });

  it("names nobody once the customer's account is gone", async () => {
    const { owner, reward, customer } = await earnReward();
    await db.user.delete({ where: { id: customer.user.id } });
    expect(await getRewardForViewer(owner.user.id, reward.id, day(3))).toMatchObject({
      viewer: "owner",
      customerName: null,
    });
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, day(3))).toMatchObject({
      ok: true,
      customerName: null,
    });
  });

  it("20 concurrent confirmations redeem exactly once", async () => {
    const { owner, reward } = await earnReward();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => redeemReward(owner.user.id, { rewardId: reward.id }, day(3))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "already_redeemed")).toHaveLength(19);
    expect(await db.rewardEvent.count({ where: { rewardId: reward.id, type: "REDEEMED" } })).toBe(1);
  });

  it("only the issuing business's owner can redeem; for anyone else the reward does not exist", async () => {
    const { reward, customer } = await earnReward();
    const otherOwner = await createBusiness();
    expect(await redeemReward(otherOwner.owner.user.id, { code: reward.code }, day(3))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await redeemReward(customer.user.id, { rewardId: reward.id }, day(3))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
    expect(await getRewardForViewer(otherOwner.owner.user.id, reward.id)).toBeNull();
  });

  it("an expired reward cannot be redeemed and shows as expired", async () => {
    const { owner, reward, customer } = await earnReward({ rewardExpiryDays: 1 });
    const later = day(10);
    expect(await redeemReward(owner.user.id, { code: reward.code }, later)).toMatchObject({
      ok: false,
      status: 410,
      code: "expired",
    });
    expect((await listCustomerRewards(customer.user.id, later)).expired.map((r) => r.id)).toEqual([reward.id]);
    expect((await getRewardForViewer(customer.user.id, reward.id, later))?.status).toBe("EXPIRED");
  });

  it("at exactly its expiry instant a reward is expired: redeeming is refused, as the wallet already shows", async () => {
    const { owner, reward, customer } = await earnReward({ rewardExpiryDays: 1 });
    const expiresAt = reward.expiresAt!;
    expect((await getRewardForViewer(customer.user.id, reward.id, expiresAt))?.status).toBe("EXPIRED");
    expect((await listCustomerRewards(customer.user.id, expiresAt)).expired.map((r) => r.id)).toEqual([reward.id]);
    expect(await redeemReward(owner.user.id, { code: reward.code }, expiresAt)).toMatchObject({
      ok: false,
      status: 410,
      code: "expired",
    });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
    // One millisecond earlier it was still redeemable.
    const justBefore = new Date(expiresAt.getTime() - 1);
    expect((await getRewardForViewer(customer.user.id, reward.id, justBefore))?.status).toBe("AVAILABLE");
    expect(await redeemReward(owner.user.id, { code: reward.code }, justBefore)).toMatchObject({
      ok: true,
      rewardId: reward.id,
    });
  });

  it("an unknown code is a 404 and changes nothing", async () => {
    const { owner } = await earnReward();
    expect(await redeemReward(owner.user.id, { code: "ZZZZZZZZ" }, day(3))).toMatchObject({
      ok: false,
      status: 404,
      code: "not_found",
    });
  });

  it("the owner can undo a redemption within 10 minutes, not after; both sides see the history", async () => {
    const { owner, reward, customer } = await earnReward();
    const redeemedAt = day(3);
    await redeemReward(owner.user.id, { rewardId: reward.id }, redeemedAt);
    expect(await undoRedemption(customer.user.id, reward.id, new Date(redeemedAt.getTime() + 60_000))).toBe(false);
    expect(await undoRedemption(owner.user.id, reward.id, new Date(redeemedAt.getTime() + 9 * 60_000))).toBe(true);
    const view = await getRewardForViewer(customer.user.id, reward.id, day(3));
    expect(view?.status).toBe("AVAILABLE");
    expect(view?.events.map((e) => e.type)).toEqual(["ISSUED", "REDEEMED", "REDEMPTION_UNDONE"]);

    const second = day(4);
    await redeemReward(owner.user.id, { rewardId: reward.id }, second);
    expect(await undoRedemption(owner.user.id, reward.id, new Date(second.getTime() + 11 * 60_000))).toBe(false);
    expect((await getRewardForViewer(owner.user.id, reward.id, second))?.viewer).toBe("owner");
  });
});

describe("the undo window through the counter's actions", () => {
  it("undo at exactly redeemedAt + 10 minutes is refused and 1 ms earlier is allowed, as canUndoRedemption says", async () => {
    const { owner, reward } = await earnReward();
    jest.mocked(getCurrentUser).mockResolvedValue(await findActiveUserById(owner.user.id));
    // A redemption at an instant with milliseconds, on the request's clock.
    const redeemedAt = new Date(day(3).getTime() + 123);
    at(redeemedAt);
    expect(await redeemRewardAction(reward.id)).toMatchObject({ ok: true, rewardId: reward.id });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).redeemedAt).toEqual(redeemedAt);

    const closes = new Date(redeemedAt.getTime() + UNDO_WINDOW_MS);
    expect((await getRewardForViewer(owner.user.id, reward.id, closes))?.canUndo).toBe(false);
    at(closes);
    expect(await undoRedemptionAction(reward.id)).toEqual({
      ok: false,
      error: "This redemption can no longer be undone (10 minutes have passed).",
    });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("REDEEMED");

    const justBefore = new Date(closes.getTime() - 1);
    expect((await getRewardForViewer(owner.user.id, reward.id, justBefore))?.canUndo).toBe(true);
    at(justBefore);
    expect(await undoRedemptionAction(reward.id)).toEqual({ ok: true });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
  });
});

describe("nobody redeems or undoes a reward of their own", () => {
  it("a staff member's own reward: 10 tries at once by code, by id and from the card all refused", async () => {
    const { owner, business, customer, reward } = await earnReward();
    // The customer also works at the counter.
    await db.businessStaff.create({ data: { businessId: business.id, userId: customer.user.id } });
    const worker = { id: customer.user.id, name: "Test U." };
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 3 === 0
          ? redeemReward(worker.id, { code: reward.code }, day(3))
          : i % 3 === 1
            ? redeemReward(worker.id, { rewardId: reward.id }, day(3))
            : redeemRewardAtCounter(
                worker,
                { businessId: business.id, customerId: worker.id, rewardId: reward.id },
                day(3),
              ),
      ),
    );
    expect(tries.map((t) => (t.ok ? "redeemed" : t.code))).toEqual(Array(10).fill("own_reward"));
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
    expect(await db.rewardEvent.count({ where: { rewardId: reward.id, type: "REDEEMED" } })).toBe(0);
    expect(await db.auditLog.count({ where: { businessId: business.id, action: "REDEMPTION" } })).toBe(0);
    // The lookup does not offer it either, and its page shows it as the customer's.
    expect(await findRewardToRedeem(worker.id, reward.code, day(3))).toMatchObject({ ok: false, code: "own_reward" });
    expect(await getRewardForViewer(worker.id, reward.id, day(3))).toMatchObject({ viewer: "customer" });
    // A colleague (here the owner) may.
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, day(3))).toMatchObject({ ok: true });
  });

  it("an owner's own reward at their business: 10 tries at once all refused", async () => {
    const { owner, business } = await createBusiness();
    const reward = await db.reward.create({
      data: {
        code: `O${uid()}`.toUpperCase(),
        businessId: business.id,
        userId: owner.user.id,
        name: "Free coffee",
      },
    });
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => redeemReward(owner.user.id, { rewardId: reward.id }, day(3))),
    );
    expect(tries.map((t) => (t.ok ? "redeemed" : t.code))).toEqual(Array(10).fill("own_reward"));
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("AVAILABLE");
  });

  it("undoing the redemption of one's own reward is refused, within the 10 minutes too", async () => {
    const { owner, business, customer, reward } = await earnReward();
    await db.businessStaff.create({ data: { businessId: business.id, userId: customer.user.id } });
    const redeemedAt = day(3);
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, redeemedAt)).toMatchObject({ ok: true });
    const oneMinute = new Date(redeemedAt.getTime() + 60_000);
    expect(await undoRedemption(customer.user.id, reward.id, oneMinute)).toBe(false);
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("REDEEMED");
    expect(await db.auditLog.count({ where: { businessId: business.id, action: "REDEMPTION_UNDONE" } })).toBe(0);
    // The counter's action says why.
    jest.mocked(getCurrentUser).mockResolvedValue(await findActiveUserById(customer.user.id));
    at(oneMinute);
    expect(await undoRedemptionAction(reward.id)).toEqual({
      ok: false,
      error: "You can't redeem or undo a reward of your own: ask a colleague.",
    });
    expect((await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).status).toBe("REDEEMED");
    expect(await undoRedemption(owner.user.id, reward.id, oneMinute)).toBe(true);
  });

  it("a customer who works nowhere gets the same answer for their own reward as for one that does not exist", async () => {
    const { owner, customer, reward } = await earnReward();
    const redeemedAt = day(3);
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, redeemedAt)).toMatchObject({ ok: true });
    jest.mocked(getCurrentUser).mockResolvedValue(await findActiveUserById(customer.user.id));
    at(new Date(redeemedAt.getTime() + 60_000));
    const own = await undoRedemptionAction(reward.id);
    expect(own).toEqual(await undoRedemptionAction("01900000-0000-7000-8000-000000000000"));
    expect(own).toMatchObject({ ok: false, error: expect.stringMatching(/^You don't own or work at a business/) });
  });
});

describe("visit atomicity", () => {
  it("a failure half-way through a visit leaves nothing written", async () => {
    // A hand-edited, invalid rules row makes the engine throw after the visit
    // statement ran: the transaction must roll the visit back too.
    const { business, tag } = await createBusiness({
      programs: [stampsProgram(3), { ...stampsProgram(3), name: "Broken", rules: { stampsRequired: -1 } }],
    });
    const customer = await createUser();
    await expect(
      recordVisit({ userId: customer.user.id, businessId: business.id, tagId: tag.id, source: "TAG", now: day(5) }),
    ).rejects.toThrow(/Invalid rules/);
    expect(await db.tap.count({ where: { userId: customer.user.id } })).toBe(0);
    expect(await db.dailyTapCount.count({ where: { userId: customer.user.id } })).toBe(0);
    expect(await db.membership.count({ where: { userId: customer.user.id } })).toBe(0);
    expect(await db.progress.count({ where: { membership: { userId: customer.user.id } } })).toBe(0);
  });
});
