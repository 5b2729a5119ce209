import { createRefreshToken } from "@/lib/auth/refresh-tokens";
import { db } from "@/lib/db";
import { findActiveUserById } from "@/lib/db/users";
import { setBirthday, setNotificationsEnabled, updateProfileSettings } from "@/lib/db/settings";
import { deleteAccount } from "@/lib/users/delete-account";
import { recordVisit } from "@/lib/tap/record-visit";
import { text } from "../support/catalog";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

afterAll(() => db.$disconnect());

describe("settings", () => {
  it("saves first and last name (and the display name) and the birthday; an empty birthday clears it", async () => {
    const { user } = await createUser();
    await updateProfileSettings(user.id, { firstName: "Laia", lastName: "Serra", birthday: "1990-05-17" });
    let saved = await findActiveUserById(user.id);
    expect(saved).toMatchObject({ firstName: "Laia", lastName: "Serra", name: "Laia Serra" });
    expect(saved?.birthday?.toISOString().slice(0, 10)).toBe("1990-05-17");

    await updateProfileSettings(user.id, { firstName: "Laia", lastName: "Serra", birthday: "" });
    saved = await findActiveUserById(user.id);
    expect(saved?.birthday).toBeNull();
  });

  it("saves the birthday a birthday program asked for, and leaves the rest of the profile as it was", async () => {
    const { user } = await createUser({ firstName: "Laia", lastName: "Serra", name: "Laia Serra" });
    await setBirthday(user.id, { birthday: "1991-02-03" });
    const saved = await findActiveUserById(user.id);
    expect(saved?.birthday?.toISOString().slice(0, 10)).toBe("1991-02-03");
    expect(saved).toMatchObject({ firstName: "Laia", lastName: "Serra", name: "Laia Serra" });
  });

  it("turns notifications off and on", async () => {
    const { user } = await createUser();
    await setNotificationsEnabled(user.id, false);
    expect((await findActiveUserById(user.id))?.notificationsEnabled).toBe(false);
    await setNotificationsEnabled(user.id, true);
    expect((await findActiveUserById(user.id))?.notificationsEnabled).toBe(true);
  });
});

describe("deleting an account", () => {
  it("removes the person but keeps the business's visit and reward counts, anonymous", async () => {
    const { business, tag } = await createBusiness({ programs: [stampsProgram(1)] });
    const { user } = await createUser({ birthday: new Date("1990-01-01") });
    const { user: referred } = await createUser({ referredBy: { connect: { id: user.id } } });
    expect((await recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG" })).ok).toBe(
      true,
    );
    await createRefreshToken(user.id);
    const tapsBefore = await db.tap.count({ where: { businessId: business.id } });
    const rewardsBefore = await db.reward.count({ where: { businessId: business.id } });
    expect(tapsBefore).toBe(1);
    expect(rewardsBefore).toBe(1);

    expect(await deleteAccount(user.id)).toEqual({ ok: true });

    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.membership.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.progress.count({ where: { membership: { businessId: business.id } } })).toBe(0);
    expect(await db.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.dailyTapCount.count({ where: { userId: user.id } })).toBe(0);
    // The business still counts the visit and the reward it gave, with nobody attached.
    const taps = await db.tap.findMany({ where: { businessId: business.id } });
    expect(taps).toHaveLength(tapsBefore);
    expect(taps[0]).toMatchObject({ userId: null, membershipId: null, tagId: tag.id });
    const rewards = await db.reward.findMany({ where: { businessId: business.id } });
    expect(rewards).toHaveLength(rewardsBefore);
    expect(rewards[0]?.userId).toBeNull();
    // A friend they referred keeps their account, without the link.
    expect((await db.user.findUniqueOrThrow({ where: { id: referred.id } })).referredById).toBeNull();
  });

  it("an owner of a business is told why first, and nothing is deleted", async () => {
    const { owner, business } = await createBusiness();
    const result = await deleteAccount(owner.user.id);
    expect(result.ok).toBe(false);
    // A message key with the names; the action builder answers it in the caller's language.
    const message = text("en", result.ok ? "" : result.error);
    expect(message).toContain(business.name);
    expect(message).toContain("can't be deleted");
    expect(await db.user.findUnique({ where: { id: owner.user.id } })).not.toBeNull();
    expect(await db.business.findUnique({ where: { id: business.id } })).not.toBeNull();
  });

  it("deleting an account that is already gone is not an error", async () => {
    const { user } = await createUser();
    expect(await deleteAccount(user.id)).toEqual({ ok: true });
    expect(await deleteAccount(user.id)).toEqual({ ok: true });
  });
});
