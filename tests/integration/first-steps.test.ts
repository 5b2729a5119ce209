import { db } from "@/lib/db";
import { dismissFirstSteps, markTagPrepared } from "@/lib/db/businesses";
import { listBusinessTags } from "@/lib/db/tags";
import { listOwnerDashboard } from "@/lib/db/wallet";
import { firstSteps } from "@/lib/business/first-steps";
import { createBusiness, createUser, stampsProgram, uid } from "../support/fixtures";

afterAll(() => db.$disconnect());

// What counts as each first step done (docs/owner-tools.md, "First steps"), read
// the way the dashboard reads it: listOwnerDashboard, then the pure rule.

async function stepsOf(ownerId: string, businessId: string) {
  const row = (await listOwnerDashboard(ownerId)).find((b) => b.id === businessId);
  if (!row) throw new Error("business not listed");
  const items = firstSteps({ ...row, businessId: row.id });
  return items && Object.fromEntries(items.map((item) => [item.step, item.done]));
}

/** A new owner's business as the wizard leaves it without a tag: no tag, no program, nothing marked. */
async function bareBusiness() {
  const made = await createBusiness();
  await db.tag.delete({ where: { id: made.tag.id } });
  return made;
}

const visitDay = new Date("2026-06-15T00:00:00Z");

describe("the first steps' data", () => {
  it("a new business has every step to do", async () => {
    const { owner, business } = await bareBusiness();
    expect(await stepsOf(owner.user.id, business.id)).toEqual({
      claimTag: false,
      createProgram: false,
      prepareTag: false,
      tapTag: false,
    });
  });

  it("a claimed tag ticks the first step, and the others then lead to it", async () => {
    const { owner, business } = await bareBusiness();
    const id = `first-${uid()}`;
    await db.tag.create({ data: { id, businessId: business.id, claimedAt: new Date(), claimedById: owner.user.id } });
    const row = (await listOwnerDashboard(owner.user.id)).find((b) => b.id === business.id)!;
    expect(row.firstTagId).toBe(id);
    const items = firstSteps({ ...row, businessId: row.id })!;
    expect(items.map((i) => [i.step, i.done, i.href])).toEqual([
      ["claimTag", true, "/dashboard/tag/claim"],
      ["createProgram", false, `/dashboard/program/create?businessId=${business.id}`],
      ["prepareTag", false, `/dashboard/tag/${id}/qr`],
      ["tapTag", false, `/tap?id=${id}`],
    ]);
  });

  it("any program counts as created, even a paused one; another business's does not", async () => {
    const { owner, business } = await bareBusiness();
    const other = await createBusiness({ programs: [stampsProgram(5)] });
    expect((await stepsOf(owner.user.id, business.id))!.createProgram).toBe(false);
    expect((await stepsOf(other.owner.user.id, other.business.id))!.createProgram).toBe(true);
    await db.program.create({ data: { ...stampsProgram(5), active: false, businessId: business.id } });
    expect((await stepsOf(owner.user.id, business.id))!.createProgram).toBe(true);
  });

  it("printed or written: the owner's own mark on a tag of theirs, never someone else's", async () => {
    const { owner, business, tag } = await createBusiness();
    const stranger = await createUser();
    expect(await markTagPrepared(stranger.user.id, tag.id)).toBe(false);
    expect((await stepsOf(owner.user.id, business.id))!.prepareTag).toBe(false);
    expect(await markTagPrepared(owner.user.id, tag.id)).toBe(true);
    expect((await stepsOf(owner.user.id, business.id))!.prepareTag).toBe(true);
    expect(await markTagPrepared(owner.user.id, `no-such-${uid()}`)).toBe(false);
  });

  it("a tap on a tag by any customer account ticks both the tap and the print; a visit from the counter's QR does not", async () => {
    const { owner, business, tag } = await createBusiness();
    const customer = await createUser();
    await db.tap.create({ data: { businessId: business.id, userId: customer.user.id, source: "QR", day: visitDay } });
    expect(await stepsOf(owner.user.id, business.id)).toMatchObject({ prepareTag: false, tapTag: false });
    await db.tap.create({ data: { businessId: business.id, tagId: tag.id, userId: customer.user.id, day: visitDay } });
    expect(await stepsOf(owner.user.id, business.id)).toMatchObject({ prepareTag: true, tapTag: true });
  });

  it("the checklist goes once every step is done", async () => {
    const { owner, business, tag } = await createBusiness({ programs: [stampsProgram(5)] });
    const customer = await createUser();
    await db.tap.create({ data: { businessId: business.id, tagId: tag.id, userId: customer.user.id, day: visitDay } });
    expect(await stepsOf(owner.user.id, business.id)).toBeNull();
  });

  it("the owner hides it, and only the owner can", async () => {
    const { owner, business } = await bareBusiness();
    const stranger = await createUser();
    expect(await dismissFirstSteps(stranger.user.id, business.id)).toBe(false);
    expect(await stepsOf(owner.user.id, business.id)).not.toBeNull();
    expect(await dismissFirstSteps(owner.user.id, business.id)).toBe(true);
    expect(await stepsOf(owner.user.id, business.id)).toBeNull();
    // Neither mark is a profile change: the sitemap's date stays.
    const before = await db.business.findUniqueOrThrow({ where: { id: business.id }, select: { updatedAt: true } });
    await dismissFirstSteps(owner.user.id, business.id);
    expect((await db.business.findUniqueOrThrow({ where: { id: business.id } })).updatedAt).toEqual(before.updatedAt);
  });

  it("the tags section knows whether the business has any program (its hint to create one)", async () => {
    const { owner, business } = await createBusiness();
    expect((await listBusinessTags(owner.user.id, business.id))!.hasPrograms).toBe(false);
    await db.program.create({ data: { ...stampsProgram(5), businessId: business.id } });
    expect((await listBusinessTags(owner.user.id, business.id))!.hasPrograms).toBe(true);
  });
});
