import { db } from "@/lib/db";
import { findRewardToRedeem } from "@/lib/db/rewards";
import { redeemReward } from "@/lib/rewards/redeem";
import { createBusiness, earnReward as earnRewardFixture } from "../support/fixtures";

afterAll(() => db.$disconnect());

// 13:30 UTC: already the next day in Auckland (UTC+12 in July), still the same day in Madrid.
const at = (day: number) => new Date(Date.UTC(2026, 6, day, 13, 30));

/** A customer who filled a 2-stamp card at a business in `timezone`: the issued reward. */
const earnReward = (timezone = "Europe/Madrid") =>
  earnRewardFixture({ dayAt: at, timezone, customer: { firstName: "Marta", lastName: "riera" } });

const stored = (id: string) =>
  db.reward.findUniqueOrThrow({ where: { id }, select: { status: true, redeemedAt: true } });

describe("looking up a reward code before redeeming it", () => {
  it("shows the owner the reward, the customer's display name and the day earned in the business's zone, and changes nothing", async () => {
    const { owner, business, reward } = await earnReward("Pacific/Auckland");
    const typed = reward.code.toLowerCase().replace(/(.{4})/, "$1-");
    expect(await findRewardToRedeem(owner.user.id, typed, at(3))).toEqual({
      ok: true,
      businessId: business.id,
      rewardId: reward.id,
      name: reward.name,
      code: reward.code,
      customerName: "Marta R.",
      earnedOn: "2026-07-03",
    });
    expect(await stored(reward.id)).toEqual({ status: "AVAILABLE", redeemedAt: null });
    expect(await db.rewardEvent.count({ where: { rewardId: reward.id, type: "REDEEMED" } })).toBe(0);
  });

  it("refuses another owner's code exactly as an unknown one, and leaves the reward available", async () => {
    const { reward } = await earnReward();
    const other = await createBusiness();
    const refused = await findRewardToRedeem(other.owner.user.id, reward.code, at(3));
    expect(refused).toEqual(await findRewardToRedeem(other.owner.user.id, "ZZZZ9999", at(3)));
    expect(refused).toMatchObject({ ok: false, status: 404, code: "not_found" });
    expect(await stored(reward.id)).toEqual({ status: "AVAILABLE", redeemedAt: null });
  });

  it("says a used code was already redeemed, on the business's day", async () => {
    const { owner, reward } = await earnReward("Pacific/Auckland");
    expect(await redeemReward(owner.user.id, { rewardId: reward.id }, at(3))).toMatchObject({
      ok: true,
      redeemedOn: "2026-07-04",
    });
    expect(await findRewardToRedeem(owner.user.id, reward.code, at(3))).toMatchObject({
      ok: false,
      status: 409,
      code: "already_redeemed",
      redeemedOn: "2026-07-04",
    });
  });

  it("says an expired code has expired", async () => {
    const { owner, reward } = await earnReward();
    expect(await findRewardToRedeem(owner.user.id, reward.code, new Date(Date.UTC(2026, 8, 1)))).toMatchObject({
      ok: false,
      status: 410,
      code: "expired",
    });
  });
});
