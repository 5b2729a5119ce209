import { db } from "@/lib/db";
import { getQrProfile } from "@/lib/db/qr";
import { linkCustomerViaQr, recordVisitViaQr } from "@/lib/qr/counter-visit";
import { addReferrer, getQrViewerContext } from "@/lib/qr/viewer";
import { recordVisit } from "@/lib/tap/record-visit";
import { QR_BUSINESS_NOT_FOUND_MESSAGE, QR_LIMIT_REACHED_MESSAGE, REFERRER_MESSAGES } from "@/lib/validation/qr";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

afterAll(() => db.$disconnect());

const DAY = 86_400_000;
const noon = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe("/qr/[user_id] profile", () => {
  it("shows a display name and initial only — no email or phone", async () => {
    const { user } = await createUser({
      firstName: "Jordi",
      lastName: "Vila",
      name: "Jordi Vila",
      phone: `+34${Date.now()}`,
    });
    const profile = await getQrProfile(user.id);
    expect(profile).toEqual({ id: user.id, displayName: "Jordi V.", initial: "J" });
    expect(JSON.stringify(profile)).not.toMatch(/@|\+34|Vila/);
  });

  it("unknown, malformed and disabled ids are not found", async () => {
    expect(await getQrProfile("0196f1a2-7b3c-7d4e-8f90-123456789abc")).toBeNull();
    expect(await getQrProfile("nope")).toBeNull();
    const { user } = await createUser({ disabledAt: new Date() });
    expect(await getQrProfile(user.id)).toBeNull();
  });
});

describe("a business owner on a customer's QR", () => {
  it("links the customer to their business via QR, once", async () => {
    const { owner, business } = await createBusiness();
    const { user: customer } = await createUser({ firstName: "Ada" });
    const first = await linkCustomerViaQr(owner.user.id, business.id, customer.id);
    expect(first).toEqual({ ok: true, businessName: business.name, created: true });
    const again = await linkCustomerViaQr(owner.user.id, business.id, customer.id);
    expect(again).toMatchObject({ ok: true, created: false });
    const memberships = await db.membership.findMany({ where: { userId: customer.id } });
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ businessId: business.id, via: "QR", visitCount: 0 });

    const context = await getQrViewerContext(owner.user, customer.id, new Date());
    expect(context).toMatchObject({ kind: "signed-in", businesses: [{ id: business.id, linked: true }] });
  });

  it("an existing link (made by a tap) keeps how it was made", async () => {
    const { owner, business, tag } = await createBusiness();
    const { user: customer } = await createUser();
    await recordVisit({ userId: customer.id, businessId: business.id, tagId: tag.id, source: "TAG" });
    expect(await linkCustomerViaQr(owner.user.id, business.id, customer.id)).toMatchObject({
      ok: true,
      created: false,
    });
    expect((await db.membership.findFirstOrThrow({ where: { userId: customer.id } })).via).toBe("TAP");
  });

  it("only for their own business, never for themselves, never for a disabled account", async () => {
    const { business } = await createBusiness();
    const other = await createBusiness();
    const { user: customer } = await createUser();
    expect(await linkCustomerViaQr(other.owner.user.id, business.id, customer.id)).toEqual({
      ok: false,
      error: QR_BUSINESS_NOT_FOUND_MESSAGE,
    });
    expect(await recordVisitViaQr(other.owner.user.id, business.id, customer.id)).toEqual({
      ok: false,
      error: QR_BUSINESS_NOT_FOUND_MESSAGE,
    });
    expect(await linkCustomerViaQr(other.owner.user.id, other.business.id, other.owner.user.id)).toMatchObject({
      ok: false,
    });
    expect(await recordVisitViaQr(other.owner.user.id, other.business.id, other.owner.user.id)).toMatchObject({
      ok: false,
    });
    const { user: disabled } = await createUser({ disabledAt: new Date() });
    expect(await linkCustomerViaQr(other.owner.user.id, other.business.id, disabled.id)).toEqual({
      ok: false,
      error: REFERRER_MESSAGES.not_found,
    });
    expect(
      await db.membership.count({ where: { userId: { in: [customer.id, other.owner.user.id, disabled.id] } } }),
    ).toBe(0);
    expect(await db.tap.count({ where: { userId: { in: [customer.id, other.owner.user.id] } } })).toBe(0);
  });

  it("records a visit through the loyalty engine, under the same daily limit as a tap", async () => {
    const { owner, business, tag } = await createBusiness({ dailyTapLimit: 1, programs: [stampsProgram(2)] });
    const { user: customer } = await createUser();

    const first = await recordVisitViaQr(owner.user.id, business.id, customer.id, noon("2026-03-02"));
    expect(first).toEqual({
      ok: true,
      visit: {
        businessName: business.name,
        newlyLinked: true,
        programs: [{ name: "Coffee card", line: expect.objectContaining({ key: "programs.visit.stampAdded" }) }],
        rewards: [],
      },
    });
    const tap = await db.tap.findFirstOrThrow({ where: { userId: customer.id } });
    expect(tap).toMatchObject({ source: "QR", tagId: null, businessId: business.id });
    expect((await db.membership.findFirstOrThrow({ where: { userId: customer.id } })).via).toBe("QR");

    // Same local day: refused, with the tap's message; a tag tap that day is refused too.
    expect(
      await recordVisitViaQr(
        owner.user.id,
        business.id,
        customer.id,
        new Date(noon("2026-03-02").getTime() + 3_600_000),
      ),
    ).toEqual({
      ok: false,
      error: QR_LIMIT_REACHED_MESSAGE,
    });
    expect(
      await recordVisit({
        userId: customer.id,
        businessId: business.id,
        tagId: tag.id,
        source: "TAG",
        now: noon("2026-03-02"),
      }),
    ).toEqual({
      ok: false,
      reason: "limit_reached",
      // The business's zone and the moment go with the refusal: the answer says when the next visit counts.
      timeZone: expect.any(String),
      now: noon("2026-03-02"),
    });
    expect(await db.tap.count({ where: { userId: customer.id } })).toBe(1);

    // Next day: the second stamp completes the card and issues the reward.
    const second = await recordVisitViaQr(owner.user.id, business.id, customer.id, noon("2026-03-03"));
    expect(second.ok && second.visit.rewards).toEqual([{ name: "Free coffee", code: expect.any(String) }]);
    expect(await db.reward.count({ where: { userId: customer.id, status: "AVAILABLE" } })).toBe(1);
  });

  it("a tag tap first uses up the day for the QR too", async () => {
    const { owner, business, tag } = await createBusiness({ dailyTapLimit: 1 });
    const { user: customer } = await createUser();
    expect(
      (
        await recordVisit({
          userId: customer.id,
          businessId: business.id,
          tagId: tag.id,
          source: "TAG",
          now: noon("2026-04-10"),
        })
      ).ok,
    ).toBe(true);
    expect(await recordVisitViaQr(owner.user.id, business.id, customer.id, noon("2026-04-10"))).toEqual({
      ok: false,
      error: QR_LIMIT_REACHED_MESSAGE,
    });
  });
});

describe("a customer naming the QR's owner as referrer", () => {
  it("once, never yourself, only within 30 days of signing up", async () => {
    const now = new Date();
    const { user: friend } = await createUser({ firstName: "Marta" });
    const { user: other } = await createUser();
    const { user: me } = await createUser({ createdAt: new Date(now.getTime() - 2 * DAY) });

    expect(await addReferrer(me.id, me.id, now)).toEqual({ ok: false, error: REFERRER_MESSAGES.self });
    expect(await getQrViewerContext(me, friend.id, now)).toMatchObject({
      referral: { state: "available" },
      businesses: [],
    });
    expect(await addReferrer(me.id, friend.id, now)).toEqual({ ok: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: me.id } })).referredById).toBe(friend.id);

    const meNow = await db.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(await getQrViewerContext(meNow, friend.id, now)).toMatchObject({ referral: { state: "this-friend" } });
    expect(await getQrViewerContext(meNow, other.id, now)).toMatchObject({
      referral: { state: "unavailable", reason: REFERRER_MESSAGES.already_set },
    });
    expect(await addReferrer(me.id, other.id, now)).toEqual({ ok: false, error: REFERRER_MESSAGES.already_set });
    expect((await db.user.findUniqueOrThrow({ where: { id: me.id } })).referredById).toBe(friend.id);

    const { user: oldTimer } = await createUser({ createdAt: new Date(now.getTime() - 31 * DAY) });
    expect(await addReferrer(oldTimer.id, friend.id, now)).toEqual({
      ok: false,
      error: REFERRER_MESSAGES.window_closed,
    });
    expect(await addReferrer(other.id, "0196f1a2-7b3c-7d4e-8f90-123456789abc", now)).toEqual({
      ok: false,
      error: REFERRER_MESSAGES.not_found,
    });
  });

  it("two referrers named at once: exactly one sticks", async () => {
    const { user: me } = await createUser();
    const friends = await Promise.all([createUser(), createUser(), createUser()]);
    const results = await Promise.all(friends.map((f) => addReferrer(me.id, f.user.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const winner = friends[results.findIndex((r) => r.ok)]!.user.id;
    expect((await db.user.findUniqueOrThrow({ where: { id: me.id } })).referredById).toBe(winner);
  });

  it("the friend earns the referral reward on the newcomer's first recorded visit", async () => {
    const { business, tag } = await createBusiness({
      programs: [{ type: "referral", name: "Bring a friend", rules: {}, rewardName: "Friend's treat" }],
    });
    const { user: friend } = await createUser();
    const { user: me } = await createUser();
    expect(await addReferrer(me.id, friend.id)).toEqual({ ok: true });
    expect((await recordVisit({ userId: me.id, businessId: business.id, tagId: tag.id, source: "TAG" })).ok).toBe(true);
    const rewards = await db.reward.findMany({ where: { userId: friend.id } });
    expect(rewards.map((r) => r.name)).toEqual(["Friend's treat"]);
  });

  it("a membership made before the first visit (the owner linked the customer's QR) still pays the friend on that first visit", async () => {
    const { owner, business, tag } = await createBusiness({
      programs: [{ type: "referral", name: "Bring a friend", rules: {}, rewardName: "Friend's treat" }],
    });
    const { user: friend } = await createUser();
    const { user: me } = await createUser();
    expect(await addReferrer(me.id, friend.id)).toEqual({ ok: true });
    expect(await linkCustomerViaQr(owner.user.id, business.id, me.id)).toMatchObject({ ok: true, created: true });
    expect(await db.reward.count({ where: { userId: friend.id } })).toBe(0);
    const first = await recordVisit({
      userId: me.id,
      businessId: business.id,
      tagId: tag.id,
      source: "TAG",
      now: noon("2026-05-04"),
    });
    expect(first).toMatchObject({ ok: true, newlyLinked: false, visitNumber: 1 });
    const rewards = await db.reward.findMany({ where: { userId: friend.id } });
    expect(rewards.map((r) => r.name)).toEqual(["Friend's treat"]);
    // Only once: the second visit pays nobody.
    expect(
      (
        await recordVisit({
          userId: me.id,
          businessId: business.id,
          tagId: tag.id,
          source: "TAG",
          now: noon("2026-05-05"),
        })
      ).ok,
    ).toBe(true);
    expect(await db.reward.count({ where: { userId: friend.id } })).toBe(1);
  });
});
