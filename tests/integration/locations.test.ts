import { db } from "@/lib/db";
import { createProgram, programLocationsValid, updateProgram } from "@/lib/business/programs";
import { updateBusinessProfile } from "@/lib/business/update-profile";
import { listBusinessLocations, listLocationsWithTags } from "@/lib/db/locations";
import { listBusinessPrograms } from "@/lib/db/programs";
import { claimTag, listBusinessTags } from "@/lib/db/tags";
import {
  closeLocation,
  createLocation,
  moveLocation,
  moveTagToLocation,
  reopenLocation,
  updateLocation,
} from "@/lib/locations/manage";
import { recordVisit } from "@/lib/tap/record-visit";
import { businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { programInputSchema } from "@/lib/validation/programs";
import { createBusiness, createUser, uid } from "../support/fixtures";
import { profileForm } from "../support/profile-form";

// A business's locations (docs/locations.md) through the domain's verbs and a
// customer's real visits: where programs run, one card per business, the
// daily limit per business, closed locations, the tag's trigger, and bad input
// refused with nothing changed.

afterAll(() => db.$disconnect());

const DAY = 86_400_000;
const noon = (day: number) => new Date(Date.UTC(2026, 5, day, 10));

const place = (name: string) => ({
  name,
  address: `${name} 1`,
  placeId: null,
  timezone: "Europe/Madrid",
  openingHours: [],
});

/** A business at two locations: its first (main) one A with the fixture's tag, and B with a tag of its own. */
async function twoLocations(options: { dailyTapLimit?: number } = {}) {
  const setup = await createBusiness({ dailyTapLimit: options.dailyTapLimit ?? 10 });
  const [main] = await listBusinessLocations(setup.business.id);
  const added = await createLocation(setup.business.id, place("Born"));
  if (!added.ok) throw new Error("location not added");
  const tagB = `t-${uid()}`;
  expect(await claimTag(setup.owner.user.id, setup.business.id, tagB, added.id)).toEqual({
    ok: true,
    businessId: setup.business.id,
  });
  return { ...setup, a: main!.id, b: added.id, tagA: setup.tag.id, tagB };
}

const stamps = (businessId: string, name: string, extra: Record<string, unknown> = {}) =>
  programInputSchema.parse({
    businessId,
    type: "stamps",
    name,
    rules: { stampsRequired: 10 },
    rewardName: "Free coffee",
    ...extra,
  });

async function progressOf(userId: string, programId: string) {
  return (await db.progress.findFirst({ where: { programId, membership: { userId } }, select: { count: true } }))
    ?.count;
}

describe("programs at chosen locations", () => {
  it("a program only at B advances on B's tag and not on A's; one at every location advances at both; one card", async () => {
    const { owner, business, a, b, tagA, tagB } = await twoLocations();
    const everywhere = (await createProgram(owner.user.id, stamps(business.id, "Everywhere")))!;
    const onlyB = (await createProgram(
      owner.user.id,
      stamps(business.id, "Born only", { allLocations: false, locationIds: [b] }),
    ))!;
    expect(await db.programLocation.findMany({ where: { programId: onlyB.id }, select: { locationId: true } })).toEqual(
      [{ locationId: b }],
    );
    const customer = await createUser();
    const visit = (tagId: string, day: number) =>
      recordVisit({ userId: customer.user.id, tagId, source: "TAG", now: noon(day) });

    const atA = await visit(tagA, 1);
    expect(atA.ok && atA.programs.map((p) => p.programName)).toEqual(["Everywhere"]);
    expect(await progressOf(customer.user.id, onlyB.id)).toBeUndefined();
    const atB = await visit(tagB, 2);
    expect(atB.ok && atB.programs.map((p) => p.programName)).toEqual(["Everywhere", "Born only"]);
    expect(await progressOf(customer.user.id, everywhere.id)).toBe(2);
    expect(await progressOf(customer.user.id, onlyB.id)).toBe(1);

    // One card per business, whichever location: one membership, both visits on it, each at its location.
    const memberships = await db.membership.findMany({ where: { userId: customer.user.id } });
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ businessId: business.id, visitCount: 2 });
    const taps = await db.tap.findMany({ where: { userId: customer.user.id }, orderBy: { createdAt: "asc" } });
    expect(taps.map((t) => [t.locationId, t.membershipId])).toEqual([
      [a, memberships[0]!.id],
      [b, memberships[0]!.id],
    ]);
  });

  it("saves where a program runs with it: the list says where, an edit without locations keeps them, 'all' clears them", async () => {
    const { owner, business, b } = await twoLocations();
    const program = (await createProgram(
      owner.user.id,
      stamps(business.id, "Born card", { allLocations: false, locationIds: [b, b] }),
    ))!;
    const listed = await listBusinessPrograms(owner.user.id, business.id);
    expect(listed.map((p) => [p.allLocations, p.locations.map((l) => l.location.name)])).toEqual([[false, ["Born"]]]);

    expect(await updateProgram(owner.user.id, program.id, stamps(business.id, "Renamed"))).toMatchObject({ ok: true });
    expect(await db.program.findUniqueOrThrow({ where: { id: program.id } })).toMatchObject({
      name: "Renamed",
      allLocations: false,
    });
    expect(await db.programLocation.count({ where: { programId: program.id } })).toBe(1);

    await updateProgram(owner.user.id, program.id, stamps(business.id, "Renamed", { allLocations: true }));
    expect(await db.program.findUniqueOrThrow({ where: { id: program.id } })).toMatchObject({ allLocations: true });
    expect(await db.programLocation.count({ where: { programId: program.id } })).toBe(0);
  });

  it("refuses 'only at' without a location, and another business's location, saving nothing", async () => {
    const { owner, business, b } = await twoLocations();
    const other = await twoLocations();
    const none = programInputSchema.safeParse({
      ...stamps(business.id, "Nowhere"),
      allLocations: false,
      locationIds: [],
    });
    expect(none.success).toBe(false);
    expect(none.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["locationIds", "locations.programs.chooseOne"],
    ]);
    const foreign = stamps(business.id, "Theirs", { allLocations: false, locationIds: [other.b] });
    expect(await programLocationsValid(owner.user.id, { businessId: business.id }, foreign)).toBe(false);
    expect(
      await programLocationsValid(
        owner.user.id,
        { businessId: business.id },
        stamps(business.id, "Mine", { allLocations: false, locationIds: [b] }),
      ),
    ).toBe(true);
    // The database refuses it too, whatever writes it.
    await expect(createProgram(owner.user.id, foreign)).rejects.toThrow();
    expect(await db.program.count({ where: { businessId: business.id } })).toBe(0);
  });
});

describe("visits at two locations", () => {
  it("the daily limit counts per business across its locations", async () => {
    const { business, tagA, tagB } = await twoLocations({ dailyTapLimit: 1 });
    const customer = await createUser();
    const visit = (tagId: string, at: Date) => recordVisit({ userId: customer.user.id, tagId, source: "TAG", now: at });
    expect((await visit(tagA, noon(3))).ok).toBe(true);
    expect(await visit(tagB, new Date(noon(3).getTime() + 3_600_000))).toMatchObject({
      ok: false,
      reason: "limit_reached",
    });
    expect((await visit(tagB, new Date(noon(3).getTime() + DAY))).ok).toBe(true);
    expect(await db.tap.count({ where: { businessId: business.id, userId: customer.user.id } })).toBe(2);
  });

  it("a closed location's tag takes no visit; its visits and tags stay; reopened, it takes visits again", async () => {
    const { business, b, tagB } = await twoLocations();
    const customer = await createUser();
    const visit = (day: number) =>
      recordVisit({ userId: customer.user.id, tagId: tagB, source: "TAG", now: noon(day) });
    expect((await visit(1)).ok).toBe(true);

    expect(await closeLocation(business.id, b)).toEqual({ ok: true });
    expect(await visit(2)).toEqual({ ok: false, reason: "business_not_found" });
    expect(await db.tap.count({ where: { locationId: b } })).toBe(1);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tagB } })).locationId).toBe(b);
    expect((await listLocationsWithTags(business.id)).map((l) => [l.name, l.tagCount, Boolean(l.closedAt)])).toEqual([
      [business.name, 1, false],
      ["Born", 1, true],
    ]);

    expect(await reopenLocation(business.id, b)).toEqual({ ok: true });
    expect((await visit(3)).ok).toBe(true);
    expect(await db.tap.count({ where: { locationId: b } })).toBe(2);
  });

  it("the last open location cannot be closed, even two at once", async () => {
    // Several businesses race at once: without the close's lock, one would end with none open.
    const businesses = await Promise.all([1, 2, 3, 4, 5].map(() => twoLocations()));
    const results = await Promise.all(
      businesses.flatMap(({ business, a, b }) => [closeLocation(business.id, a), closeLocation(business.id, b)]),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(5).fill({ ok: false, code: "last_open", error: "locations.errors.lastOpen" }),
    );
    for (const { business } of businesses) {
      const open = (await listBusinessLocations(business.id)).filter((l) => !l.closedAt);
      expect(open).toHaveLength(1);
      expect(await closeLocation(business.id, open[0]!.id)).toMatchObject({ ok: false, code: "last_open" });
      expect((await listBusinessLocations(business.id)).filter((l) => !l.closedAt)).toHaveLength(1);
    }
  });
});

describe("tags at locations", () => {
  it("a tag claimed without a location hangs at the main one; moving a location up makes it the main one", async () => {
    const { owner, business, a, b } = await twoLocations();
    const first = `t-${uid()}`;
    await claimTag(owner.user.id, business.id, first);
    expect((await db.tag.findUniqueOrThrow({ where: { id: first } })).locationId).toBe(a);

    expect(await moveLocation(business.id, b, "up")).toEqual({ ok: true });
    expect((await listBusinessLocations(business.id)).map((l) => l.id)).toEqual([b, a]);
    const second = `t-${uid()}`;
    await claimTag(owner.user.id, business.id, second);
    expect((await db.tag.findUniqueOrThrow({ where: { id: second } })).locationId).toBe(b);
    // At either end nothing moves.
    expect(await moveLocation(business.id, b, "up")).toEqual({ ok: true });
    expect((await listBusinessLocations(business.id)).map((l) => l.id)).toEqual([b, a]);
  });

  it("another business's location is refused, by the claim and by the database", async () => {
    const mine = await twoLocations();
    const theirs = await twoLocations();
    const tagId = `t-${uid()}`;
    expect(await claimTag(mine.owner.user.id, mine.business.id, tagId, theirs.b)).toEqual({
      ok: false,
      code: "location_not_found",
    });
    expect(await db.tag.findUnique({ where: { id: tagId } })).toBeNull();
    await expect(db.tag.update({ where: { id: mine.tagA }, data: { locationId: theirs.b } })).rejects.toThrow(
      /is not one of business/,
    );
    expect((await db.tag.findUniqueOrThrow({ where: { id: mine.tagA } })).locationId).toBe(mine.a);
  });

  it("a closed location takes no new tag, by claim or by move", async () => {
    const { owner, business, a, b, tagA } = await twoLocations();
    await closeLocation(business.id, b);
    const tagId = `t-${uid()}`;
    expect(await claimTag(owner.user.id, business.id, tagId, b)).toEqual({ ok: false, code: "location_not_found" });
    expect(await db.tag.findUnique({ where: { id: tagId } })).toBeNull();
    expect(await moveTagToLocation(business.id, tagA, b)).toMatchObject({ ok: false, code: "location_closed" });
    expect((await db.tag.findUniqueOrThrow({ where: { id: tagA } })).locationId).toBe(a);
  });

  it("the owner moves a tag to another open location; the tag list says where each hangs", async () => {
    const { owner, business, a, b, tagA, tagB } = await twoLocations();
    const other = await twoLocations();
    expect(await moveTagToLocation(business.id, tagA, b)).toEqual({ ok: true });
    expect((await db.tag.findUniqueOrThrow({ where: { id: tagA } })).locationId).toBe(b);
    const listed = await listBusinessTags(owner.user.id, business.id);
    expect(listed!.tags.map((t) => [t.id, t.locationId]).sort()).toEqual(
      [
        [tagA, b],
        [tagB, b],
      ].sort(),
    );
    // Another business's tag, or another business's location: refused, nothing moved.
    expect(await moveTagToLocation(business.id, other.tagA, b)).toMatchObject({ ok: false, code: "tag_not_found" });
    expect(await moveTagToLocation(business.id, tagB, other.a)).toMatchObject({ ok: false, code: "location_closed" });
    expect((await db.tag.findUniqueOrThrow({ where: { id: other.tagA } })).locationId).toBe(other.a);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tagB } })).locationId).toBe(b);
    void a;
  });
});

describe("the owner's verbs refuse bad input and change nothing", () => {
  it("create, update, close and reopen", async () => {
    const { business, b } = await twoLocations();
    const other = await twoLocations();
    const before = await listBusinessLocations(business.id);

    expect(await createLocation(business.id, { ...place(""), name: "  " })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await createLocation(business.id, { ...place("X"), timezone: "Nowhere/Never" })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    const overlapping = {
      ...place("Born"),
      openingHours: [
        { day: 1, opens: "09:00", closes: "14:00" },
        { day: 1, opens: "13:00", closes: "18:00" },
      ],
    };
    expect(await updateLocation(business.id, b, overlapping)).toMatchObject({ ok: false, code: "invalid" });
    expect(
      await updateLocation(business.id, b, {
        ...place("Born"),
        openingHours: [{ day: 1, opens: "18:00", closes: "09:00" }],
      }),
    ).toMatchObject({ ok: false, code: "invalid" });
    // Another business's location answers like a missing one.
    expect(await updateLocation(business.id, other.b, place("Mine now"))).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await closeLocation(business.id, other.b)).toMatchObject({ ok: false, code: "not_found" });
    expect(await reopenLocation(business.id, other.b)).toMatchObject({ ok: false, code: "not_found" });
    expect(await moveLocation(business.id, other.b, "up")).toMatchObject({ ok: false, code: "not_found" });

    expect(await listBusinessLocations(business.id)).toEqual(before);
    expect((await listBusinessLocations(other.business.id)).map((l) => [l.name, l.closedAt])).toEqual([
      [other.business.name, null],
      ["Born", null],
    ]);
  });

  it("a good edit saves name, address, zone and the week in order", async () => {
    const { business, b } = await twoLocations();
    const edited = await updateLocation(business.id, b, {
      name: " Born market ",
      address: "Plaça Comercial 5",
      placeId: "ChIJ-born",
      timezone: "Atlantic/Canary",
      openingHours: [
        { day: 6, opens: "10:00", closes: "14:00" },
        { day: 1, opens: "17:00", closes: "20:00" },
        { day: 1, opens: "09:00", closes: "13:00" },
      ],
    });
    expect(edited).toEqual({ ok: true });
    const row = (await listBusinessLocations(business.id)).find((l) => l.id === b);
    expect(row).toMatchObject({
      name: "Born market",
      address: "Plaça Comercial 5",
      placeId: "ChIJ-born",
      timezone: "Atlantic/Canary",
      openingHours: [
        { day: 1, opens: "09:00", closes: "13:00" },
        { day: 1, opens: "17:00", closes: "20:00" },
        { day: 6, opens: "10:00", closes: "14:00" },
      ],
    });
  });
});

describe("the business profile and its only location", () => {
  it("a business with one location keeps it at the business's address and zone; with two, each keeps its own", async () => {
    const { owner, business } = await createBusiness();
    await db.business.update({ where: { id: business.id }, data: { placeId: "ChIJ-old" } });
    const edit = (address: string, timezone: string) =>
      updateBusinessProfile(
        owner.user.id,
        business.id,
        businessProfileUpdateSchema.parse(profileForm({ address, timezone })),
      );
    await edit("Carrer Nou 2, Girona", "Atlantic/Canary");
    expect(await listBusinessLocations(business.id)).toEqual([
      expect.objectContaining({ address: "Carrer Nou 2, Girona", placeId: "ChIJ-old", timezone: "Atlantic/Canary" }),
    ]);

    const added = await createLocation(business.id, place("Born"));
    expect(added.ok).toBe(true);
    await edit("Carrer Vell 3, Girona", "Europe/Madrid");
    expect((await listBusinessLocations(business.id)).map((l) => [l.address, l.timezone])).toEqual([
      ["Carrer Nou 2, Girona", "Atlantic/Canary"],
      ["Born 1", "Europe/Madrid"],
    ]);
  });
});
