import { GET } from "@/app/api/tap/route";
import { db } from "@/lib/db";
import { claimTag, listBusinessTags, releaseTag, renameTag } from "@/lib/db/tags";
import { call } from "../support/api";
import { createBusiness, createUser, uid } from "../support/fixtures";

afterAll(() => db.$disconnect());

describe("claiming tags", () => {
  it("an owner claims an unknown tag and it opens their business", async () => {
    const { owner, business } = await createBusiness();
    const id = `new-${uid()}`;
    expect(await claimTag(owner.user.id, business.id, id)).toEqual({ ok: true, businessId: business.id });
    const res = await call(GET, "GET", "/api/tap", { query: { id } });
    expect(res.json).toMatchObject({ exists: true, business: { id: business.id } });
  });

  it("claiming a tag another business holds answers tap_already_claimed and changes nothing", async () => {
    const first = await createBusiness();
    const second = await createBusiness();
    const result = await claimTag(second.owner.user.id, second.business.id, first.tag.id);
    expect(result).toMatchObject({ ok: false, code: "tap_already_claimed" });
    expect((await db.tag.findUniqueOrThrow({ where: { id: first.tag.id } })).businessId).toBe(first.business.id);
  });

  it("only the owner of the business can claim for it", async () => {
    const { business } = await createBusiness();
    const stranger = await createUser();
    const id = `x-${uid()}`;
    expect(await claimTag(stranger.user.id, business.id, id)).toMatchObject({ ok: false, code: "business_not_found" });
    expect(await db.tag.findUnique({ where: { id } })).toBeNull();
  });

  it("two owners claiming the same tag at once: exactly one wins", async () => {
    const owners = await Promise.all([createBusiness(), createBusiness(), createBusiness(), createBusiness()]);
    const id = `race-${uid()}`;
    await db.tag.create({ data: { id } });
    const results = await Promise.all(owners.map((o) => claimTag(o.owner.user.id, o.business.id, id)));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "tap_already_claimed")).toHaveLength(3);
    const tag = await db.tag.findUniqueOrThrow({ where: { id } });
    expect(tag.businessId).toBe((winners[0] as { businessId: string }).businessId);
  });

  it("lists the owner's tags with taps today and in total; rename and release are owner-only", async () => {
    const { owner, business, tag } = await createBusiness();
    const customer = await createUser();
    const now = new Date("2026-06-15T10:00:00Z");
    // Taps count from the tag's claim, each on the business's day of its moment.
    await db.tag.update({ where: { id: tag.id }, data: { claimedAt: new Date("2026-06-01T10:00:00Z") } });
    await db.tap.createMany({
      data: [
        {
          businessId: business.id,
          tagId: tag.id,
          userId: customer.user.id,
          day: new Date("2026-06-15T00:00:00Z"),
          createdAt: new Date("2026-06-15T08:00:00Z"),
        },
        {
          businessId: business.id,
          tagId: tag.id,
          userId: customer.user.id,
          day: new Date("2026-06-14T00:00:00Z"),
          createdAt: new Date("2026-06-14T08:00:00Z"),
        },
      ],
    });
    expect(await listBusinessTags(owner.user.id, business.id, now)).toEqual({
      tags: [expect.objectContaining({ id: tag.id, tapsToday: 1, tapsTotal: 2, secure: false })],
      hasPrograms: false,
      timeZone: business.timezone,
      today: "2026-06-15",
    });
    expect(await listBusinessTags(customer.user.id, business.id, now)).toBeNull();

    expect(await renameTag(customer.user.id, tag.id, "Hacked")).toBe(false);
    expect(await renameTag(owner.user.id, tag.id, "Counter")).toBe(true);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).label).toBe("Counter");

    expect(await releaseTag(customer.user.id, tag.id)).toBe(false);
    await db.tagRejection.create({
      data: { tagId: tag.id, day: new Date("2026-06-15T00:00:00Z"), reason: "BAD_MAC", count: 2 },
    });
    expect(await releaseTag(owner.user.id, tag.id)).toBe(true);
    // The next owner starts with a clean secure-tag log.
    expect(await db.tagRejection.count({ where: { tagId: tag.id } })).toBe(0);
    const res = await call(GET, "GET", "/api/tap", { query: { id: tag.id } });
    expect(res.json).toMatchObject({ exists: true, business: null });
    // Past visits still count for the business.
    expect(await db.tap.count({ where: { businessId: business.id } })).toBe(2);
  });
});
