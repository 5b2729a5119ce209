import { setStaffLocationsAction } from "@/lib/actions/staff";
import { getCurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { listStaff, setStaffLocations } from "@/lib/db/staff";
import { findActiveUserById } from "@/lib/db/users";
import { setMailer, type Mail } from "@/lib/mail";
import { recordCounterPurchase } from "@/lib/purchases/counter";
import { recordVisitFromCard, recordVisitViaQr } from "@/lib/qr/counter-visit";
import { qrPresenceToken } from "@/lib/qr/presence";
import { redeemReward, redeemRewardAtCounter, undoRedemption } from "@/lib/rewards/redeem";
import {
  COUNTER_CHOOSE_MESSAGE,
  COUNTER_LOCATION_CLOSED_MESSAGE,
  counterLocationFor,
  counterPlaces,
} from "@/lib/staff/counter-location";
import { acceptInvite, inviteStaff } from "@/lib/staff/invite-links";
import { QR_BUSINESS_NOT_FOUND_MESSAGE } from "@/lib/validation/qr";
import { createBusiness, createUser, uid } from "../support/fixtures";

// Staff limited to some locations (docs/locations.md, "Staff", "The counter"):
// at the counter they record a visit, a purchase and redeem a reward only at
// their locations; elsewhere they get the answer of a business they do not
// work at and nothing is written. Staff of all locations and the owner act
// everywhere. Changing where someone works holds for their very next action.

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

const outbox: Mail[] = [];
beforeAll(() => setMailer({ send: async (mail) => void outbox.push(mail) }));
afterAll(async () => {
  setMailer(null);
  await db.$disconnect();
});

const NOW = new Date("2026-12-01T10:00:00Z");
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
// The domain answers catalog keys (a purchase: descriptors); the action builder translates them.
const CLOSED_OR_ELSEWHERE = COUNTER_LOCATION_CLOSED_MESSAGE;
const CHOOSE = COUNTER_CHOOSE_MESSAGE;
const NOT_FOUND_TEXT = "Business not found";
const PURCHASE_NOT_FOUND = { key: QR_BUSINESS_NOT_FOUND_MESSAGE };

/**
 * A business with two open locations (Gràcia, made with it, and Born), a
 * stamps card of one visit, points for spending, a customer with a card;
 * staff limited to Gràcia, staff of all locations.
 */
async function world() {
  const setup = await createBusiness({
    dailyTapLimit: 10,
    programs: [
      {
        type: "stamps",
        name: "Coffee card",
        rules: { stampsRequired: 1 },
        rewardName: "Free coffee",
        rewardExpiryDays: 30,
      },
      {
        type: "points",
        name: "Points",
        rules: { pointsPerVisit: 0, threshold: 1000, pointsPerEuro: 1, minimumCents: 100 },
        rewardName: "Gift",
      },
    ],
  });
  const { business, owner } = setup;
  const gracia = await db.location.findFirstOrThrow({ where: { businessId: business.id } });
  await db.location.update({ where: { id: gracia.id }, data: { name: "Gràcia" } });
  const born = await db.location.create({ data: { businessId: business.id, name: "Born", position: 1 } });
  const { user: customer } = await createUser({ firstName: "Marta", lastName: "Riera" });
  await db.membership.create({ data: { userId: customer.id, businessId: business.id } });
  const staff = async (name: string) => {
    const { user } = await createUser({ firstName: name, lastName: "Staff", emailVerified: NOW });
    await db.businessStaff.create({ data: { businessId: business.id, userId: user.id } });
    return user;
  };
  const limited = await staff("Lia");
  const everywhere = await staff("Eva");
  expect(
    await setStaffLocations(owner.user, business.id, limited.id, { allLocations: false, locationIds: [gracia.id] }),
  ).toBe("ok");
  return { ...setup, gracia, born, customer, limited, everywhere };
}
type World = Awaited<ReturnType<typeof world>>;

const tapsAt = (w: World) => db.tap.count({ where: { businessId: w.business.id, userId: w.customer.id } });
const purchasesOf = (w: World) => db.purchase.count({ where: { businessId: w.business.id } });
const auditCount = (w: World) => db.auditLog.count({ where: { businessId: w.business.id } });

/** A reward of the customer's, ready to redeem (a one-stamp card filled by a visit the owner records at Gràcia). */
async function readyReward(w: World, at = day(0)) {
  const visit = await recordVisitViaQr(w.owner.user.id, w.business.id, w.customer.id, at, w.gracia.id);
  if (!visit.ok) throw new Error(visit.error as string);
  return db.reward.findFirstOrThrow({
    where: { businessId: w.business.id, userId: w.customer.id, status: "AVAILABLE" },
    orderBy: { issuedAt: "desc" },
  });
}

const purchase = (w: World, workerId: string, locationId: string | null | undefined, amount = "12.00") =>
  recordCounterPurchase(
    workerId,
    {
      businessId: w.business.id,
      customerId: w.customer.id,
      token: qrPresenceToken(w.customer.id, NOW).token,
      amount,
      locationId,
    },
    NOW,
  );

describe("staff limited to a location, at the counter", () => {
  it("record a visit at their location, at it; at the other one they are refused as by a stranger and nothing is written", async () => {
    const w = await world();
    const at = await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(0), w.gracia.id);
    expect(at).toMatchObject({ ok: true });
    expect(await db.tap.findFirstOrThrow({ where: { businessId: w.business.id } })).toMatchObject({
      locationId: w.gracia.id,
    });

    const [taps, audits] = [await tapsAt(w), await auditCount(w)];
    const elsewhere = await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(1), w.born.id);
    expect(elsewhere).toEqual({ ok: false, error: QR_BUSINESS_NOT_FOUND_MESSAGE });
    // The same answer as staff of another business get.
    const stranger = await createBusiness();
    expect(await recordVisitViaQr(stranger.owner.user.id, w.business.id, w.customer.id, day(1), w.born.id)).toEqual(
      elsewhere,
    );
    // From the customer's card too.
    const business = { ...w.business, access: "staff" as const } as never;
    expect(await recordVisitFromCard(w.limited.id, business, w.customer.id, day(1), w.born.id)).toEqual(elsewhere);
    expect([await tapsAt(w), await auditCount(w)]).toEqual([taps, audits]);
  });

  it("record a purchase at their location; at the other one nothing is written", async () => {
    const w = await world();
    const at = await purchase(w, w.limited.id, w.gracia.id);
    expect(at).toMatchObject({ ok: true, purchase: { points: 12 } });
    expect(await db.purchase.findFirstOrThrow({ where: { businessId: w.business.id } })).toMatchObject({
      locationId: w.gracia.id,
    });
    const [count, audits] = [await purchasesOf(w), await auditCount(w)];
    const progress = await db.progress.findMany({ where: { membership: { businessId: w.business.id } } });
    expect(await purchase(w, w.limited.id, w.born.id, "30.00")).toEqual({ ok: false, error: PURCHASE_NOT_FOUND });
    expect([await purchasesOf(w), await auditCount(w)]).toEqual([count, audits]);
    expect(await db.progress.findMany({ where: { membership: { businessId: w.business.id } } })).toEqual(progress);
  });

  it("redeem a reward at their location (recorded there); at the other one it stays available", async () => {
    const w = await world();
    const first = await readyReward(w);
    const refused = await redeemRewardAtCounter(
      { id: w.limited.id, name: "Lia S." },
      { businessId: w.business.id, customerId: w.customer.id, rewardId: first.id, locationId: w.born.id },
      day(1),
    );
    expect(refused).toMatchObject({ ok: false, code: "not_found" });
    // By id (the reward's page, a typed code), the same.
    expect(await redeemReward(w.limited.id, { rewardId: first.id, locationId: w.born.id }, day(1))).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await db.reward.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "AVAILABLE",
      redeemedLocationId: null,
    });
    expect(await db.rewardEvent.count({ where: { rewardId: first.id, type: "REDEEMED" } })).toBe(0);

    const redeemed = await redeemRewardAtCounter(
      { id: w.limited.id, name: "Lia S." },
      { businessId: w.business.id, customerId: w.customer.id, rewardId: first.id, locationId: w.gracia.id },
      day(1),
    );
    expect(redeemed).toMatchObject({ ok: true });
    expect(await db.reward.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "REDEEMED",
      redeemedLocationId: w.gracia.id,
    });
    const second = await readyReward(w, day(2));
    expect(await redeemReward(w.limited.id, { rewardId: second.id, locationId: w.gracia.id }, day(2))).toMatchObject({
      ok: true,
    });
  });

  it("undo only a redemption made at one of their locations", async () => {
    const w = await world();
    const reward = await readyReward(w);
    expect(await redeemReward(w.owner.user.id, { rewardId: reward.id, locationId: w.born.id }, day(0))).toMatchObject({
      ok: true,
    });
    expect(await undoRedemption(w.limited.id, reward.id, day(0))).toBe(false);
    expect(await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).toMatchObject({ status: "REDEEMED" });
    expect(await undoRedemption(w.everywhere.id, reward.id, day(0))).toBe(true);
    expect(await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).toMatchObject({
      status: "AVAILABLE",
      redeemedLocationId: null,
    });
    expect(await redeemReward(w.limited.id, { rewardId: reward.id, locationId: w.gracia.id }, day(0))).toMatchObject({
      ok: true,
    });
    expect(await undoRedemption(w.limited.id, reward.id, day(0))).toBe(true);
  });

  it("without a location named, work at their only one; they are offered only it", async () => {
    const w = await world();
    expect(await counterLocationFor(w.limited.id, w.business.id, undefined)).toEqual({
      ok: true,
      locationId: w.gracia.id,
    });
    expect(await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(0))).toMatchObject({ ok: true });
    expect(await db.tap.findFirstOrThrow({ where: { businessId: w.business.id } })).toMatchObject({
      locationId: w.gracia.id,
    });
    const [limited] = await counterPlaces(w.limited.id, [w.business.id], new Map([[w.business.id, w.born.id]]));
    expect(limited).toEqual({
      businessId: w.business.id,
      choices: [{ id: w.gracia.id, name: "Gràcia" }],
      locationId: w.gracia.id,
      many: true,
    });
  });
});

describe("staff of all locations and the owner", () => {
  it("act at both locations; without naming one they are asked which", async () => {
    const w = await world();
    for (const worker of [w.everywhere.id, w.owner.user.id]) {
      for (const location of [w.gracia, w.born]) {
        const visit = await recordVisitViaQr(worker, w.business.id, w.customer.id, NOW, location.id);
        expect(visit).toMatchObject({ ok: true });
        expect(await purchase(w, worker, location.id)).toMatchObject({ ok: true });
      }
      expect(await recordVisitViaQr(worker, w.business.id, w.customer.id, NOW)).toEqual({ ok: false, error: CHOOSE });
      expect(await purchase(w, worker, undefined)).toEqual({ ok: false, error: CHOOSE });
      const [place] = await counterPlaces(worker, [w.business.id], new Map([[w.business.id, w.born.id]]));
      expect(place).toMatchObject({ choices: [{ id: w.gracia.id }, { id: w.born.id }], locationId: w.born.id });
    }
    const taps = await db.tap.groupBy({ by: ["locationId"], where: { businessId: w.business.id }, _count: true });
    expect(Object.fromEntries(taps.map((t) => [t.locationId, t._count]))).toEqual({
      [w.gracia.id]: 2,
      [w.born.id]: 2,
    });
    const reward = await readyReward(w, day(1));
    expect(
      await redeemRewardAtCounter(
        { id: w.everywhere.id, name: "Eva S." },
        { businessId: w.business.id, customerId: w.customer.id, rewardId: reward.id },
        day(1),
      ),
    ).toMatchObject({ ok: false, code: "choose_location" });
  });

  it("a closed location, or one of another business, is refused to everyone and nothing is written", async () => {
    const w = await world();
    const other = await createBusiness();
    const elsewhere = await db.location.findFirstOrThrow({ where: { businessId: other.business.id } });
    await db.location.update({ where: { id: w.born.id }, data: { closedAt: NOW } });
    const reward = await readyReward(w);
    const [taps, purchases, audits] = [await tapsAt(w), await purchasesOf(w), await auditCount(w)];
    for (const worker of [w.owner.user.id, w.everywhere.id])
      for (const locationId of [w.born.id, elsewhere.id]) {
        expect(await recordVisitViaQr(worker, w.business.id, w.customer.id, day(1), locationId)).toEqual({
          ok: false,
          error: CLOSED_OR_ELSEWHERE,
        });
        expect(await purchase(w, worker, locationId)).toEqual({ ok: false, error: { key: CLOSED_OR_ELSEWHERE } });
        expect(await redeemReward(worker, { rewardId: reward.id, locationId }, day(1))).toMatchObject({
          ok: false,
          code: "location_not_found",
        });
      }
    expect([await tapsAt(w), await purchasesOf(w), await auditCount(w)]).toEqual([taps, purchases, audits]);
    expect(await db.reward.findUniqueOrThrow({ where: { id: reward.id } })).toMatchObject({ status: "AVAILABLE" });
    // With Born closed, the business has one open location: nothing to choose.
    expect(await counterLocationFor(w.owner.user.id, w.business.id, null)).toEqual({
      ok: true,
      locationId: w.gracia.id,
    });
  });
});

describe("the owner sets where staff work", () => {
  it("a change holds for the member's very next action, and is audited", async () => {
    const w = await world();
    expect(await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(0), w.born.id)).toMatchObject({
      ok: false,
    });
    await setStaffLocations(w.owner.user, w.business.id, w.limited.id, {
      allLocations: false,
      locationIds: [w.born.id],
    });
    expect(await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(1), w.born.id)).toMatchObject({
      ok: true,
    });
    expect(await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(2), w.gracia.id)).toMatchObject({
      ok: false,
    });
    await setStaffLocations(w.owner.user, w.business.id, w.limited.id, { allLocations: true });
    expect(await recordVisitViaQr(w.limited.id, w.business.id, w.customer.id, day(3), w.gracia.id)).toMatchObject({
      ok: true,
    });
    const entries = await db.auditLog.findMany({
      where: { businessId: w.business.id, action: "STAFF_LOCATIONS_CHANGED" },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        { allLocations: true, locationIds: [] },
        { allLocations: false, locationIds: [w.gracia.id] },
      ],
      [
        { allLocations: false, locationIds: [w.gracia.id] },
        { allLocations: false, locationIds: [w.born.id] },
      ],
      [
        { allLocations: false, locationIds: [w.born.id] },
        { allLocations: true, locationIds: [] },
      ],
    ]);
    expect(entries[0]).toMatchObject({ actorId: w.owner.user.id });
  });

  it("through the action: the owner only; at least one location; never another business's", async () => {
    const w = await world();
    const other = await createBusiness();
    const elsewhere = await db.location.findFirstOrThrow({ where: { businessId: other.business.id } });
    const as = async (userId: string) =>
      jest.mocked(getCurrentUser).mockResolvedValue(await findActiveUserById(userId));
    const input = (extra: object) => ({ businessId: w.business.id, userId: w.everywhere.id, ...extra });
    const stored = async () => {
      const people = await listStaff(w.owner.user.id, w.business.id);
      const member = people!.staff.find((s) => s.userId === w.everywhere.id)!;
      return { allLocations: member.allLocations, locationIds: member.locationIds };
    };

    for (const stranger of [w.limited.id, w.everywhere.id, other.owner.user.id]) {
      await as(stranger);
      expect(await setStaffLocationsAction(input({ allLocations: false, locationIds: [w.born.id] }))).toEqual({
        ok: false,
        error: NOT_FOUND_TEXT,
      });
    }
    await as(w.owner.user.id);
    expect(await setStaffLocationsAction(input({ allLocations: false, locationIds: [] }))).toMatchObject({
      ok: false,
      fieldErrors: { locationIds: "Tick at least one location, or choose all locations." },
    });
    expect(await setStaffLocationsAction(input({ allLocations: false, locationIds: [elsewhere.id] }))).toEqual({
      ok: false,
      error: "That location is not one of this business's. Reload the page and try again.",
    });
    expect(
      await setStaffLocationsAction(input({ allLocations: false, locationIds: [w.gracia.id, elsewhere.id] })),
    ).toMatchObject({
      ok: false,
    });
    expect(await stored()).toEqual({ allLocations: true, locationIds: [] });
    expect(await setStaffLocationsAction(input({ allLocations: false, locationIds: [w.born.id] }))).toEqual({
      ok: true,
    });
    expect(await stored()).toEqual({ allLocations: false, locationIds: [w.born.id] });
  });

  it("an invitation says where the person will work; accepting it makes them staff there only", async () => {
    const w = await world();
    const email = `lim-${uid()}@example.test`;
    const ownerUser = await db.user.findUniqueOrThrow({ where: { id: w.owner.user.id } });
    const other = await createBusiness();
    const elsewhere = await db.location.findFirstOrThrow({ where: { businessId: other.business.id } });
    expect(
      await inviteStaff(ownerUser, w.business.id, email, NOW, { allLocations: false, locationIds: [elsewhere.id] }),
    ).toEqual({ ok: false, reason: "location_not_found" });
    expect(
      await inviteStaff(ownerUser, w.business.id, email, NOW, { allLocations: false, locationIds: [w.born.id] }),
    ).toEqual({ ok: true, email });
    const token = /\/staff\/accept\?token=([^\s]+)/.exec(outbox.at(-1)!.text)![1]!;
    const { user } = await createUser({ email, emailVerified: NOW });
    expect(await acceptInvite(user, decodeURIComponent(token), NOW)).toMatchObject({ ok: true });
    const row = await db.businessStaff.findUniqueOrThrow({
      where: { businessId_userId: { businessId: w.business.id, userId: user.id } },
      include: { locations: true },
    });
    expect(row.allLocations).toBe(false);
    expect(row.locations.map((l) => l.locationId)).toEqual([w.born.id]);
    expect(await recordVisitViaQr(user.id, w.business.id, w.customer.id, day(0), w.gracia.id)).toMatchObject({
      ok: false,
    });
    expect(await recordVisitViaQr(user.id, w.business.id, w.customer.id, day(0))).toMatchObject({ ok: true });
  });
});

describe("programs at chosen locations, for purchases", () => {
  it("a purchase earns in the points programs that run where it is bought", async () => {
    const w = await world();
    await db.program.updateMany({
      where: { businessId: w.business.id, type: "points" },
      data: { allLocations: false },
    });
    const points = await db.program.findFirstOrThrow({ where: { businessId: w.business.id, type: "points" } });
    await db.programLocation.create({ data: { programId: points.id, locationId: w.born.id } });
    expect(await purchase(w, w.owner.user.id, w.gracia.id)).toMatchObject({ ok: true, purchase: { points: 0 } });
    expect(await purchase(w, w.owner.user.id, w.born.id)).toMatchObject({ ok: true, purchase: { points: 12 } });
  });
});
