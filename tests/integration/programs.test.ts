import { GET } from "@/app/api/tap/route";
import { db } from "@/lib/db";
import { getOwnedProgram, listBusinessPrograms, programStats } from "@/lib/db/programs";
import { createProgram, endProgram, setProgramActive, updateProgram } from "@/lib/business/programs";
import { programFormValues } from "@/lib/validation/program-form";
import { programInputSchema, type ProgramInput } from "@/lib/validation/programs";
import { call } from "../support/api";
import { createBusiness, createUser, uid } from "../support/fixtures";

afterAll(() => db.$disconnect());

function programInput(businessId: string, overrides: Partial<ProgramInput> = {}): ProgramInput {
  return programInputSchema.parse({
    businessId,
    type: "stamps",
    name: "Coffee card",
    description: "Collect stamps",
    startDate: "",
    endDate: "",
    rules: { stampsRequired: 3 },
    rewardName: "Free coffee",
    rewardDescription: "",
    rewardExpiryDays: 30,
    ...overrides,
  });
}

async function landingPrograms(tagId: string): Promise<string[]> {
  const res = await call(GET, "GET", "/api/tap", { query: { id: tagId } });
  return ((res.json as { business: { programs: { name: string }[] } }).business.programs ?? []).map((p) => p.name);
}

async function addMember(businessId: string, programId: string, progress: { count: number; total: number }) {
  const { user } = await createUser();
  const membership = await db.membership.create({ data: { userId: user.id, businessId } });
  await db.progress.create({ data: { membershipId: membership.id, programId, ...progress } });
  return { user, membership };
}

describe("owner programs", () => {
  it("creates a program for the owner's business with its dates at UTC midnight and the type's rules", async () => {
    const { owner, business, tag } = await createBusiness();
    // Running today (the tag page lists only programs in their dates), whatever day the test runs.
    const year = new Date().getUTCFullYear();
    const program = await createProgram(
      owner.user.id,
      programInput(business.id, {
        name: "Spring stamps",
        startDate: `${year - 1}-03-01`,
        endDate: `${year + 1}-05-31`,
        rules: { stampsRequired: 3, winChance: 0.5 },
      }),
    );
    expect(program).not.toBeNull();
    const row = await db.program.findUniqueOrThrow({ where: { id: program!.id } });
    expect(row).toMatchObject({
      businessId: business.id,
      type: "stamps",
      name: "Spring stamps",
      active: true,
      endedAt: null,
      rewardExpiryDays: 30,
    });
    expect(row.rules).toEqual({ stampsRequired: 3 });
    expect(row.startDate?.toISOString()).toBe(`${year - 1}-03-01T00:00:00.000Z`);
    expect(row.endDate?.toISOString()).toBe(`${year + 1}-05-31T00:00:00.000Z`);
    expect(await landingPrograms(tag.id)).toEqual(["Spring stamps"]);
    expect(await listBusinessPrograms(owner.user.id, business.id)).toEqual([
      expect.objectContaining({ id: program!.id, name: "Spring stamps" }),
    ]);
  });

  it("refuses to create a program for someone else's business, and saves nothing", async () => {
    const { business } = await createBusiness();
    const stranger = await createUser();
    expect(await createProgram(stranger.user.id, programInput(business.id))).toBeNull();
    expect(await db.program.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("a non-owner can neither read, edit, pause nor end a program", async () => {
    const { owner, business } = await createBusiness();
    const stranger = await createUser();
    const program = (await createProgram(owner.user.id, programInput(business.id)))!;
    const before = await db.program.findUniqueOrThrow({ where: { id: program.id } });

    expect(await getOwnedProgram(stranger.user.id, program.id)).toBeNull();
    expect(await listBusinessPrograms(stranger.user.id, business.id)).toEqual([]);
    expect(
      await updateProgram(stranger.user.id, program.id, programInput(business.id, { name: "Hijacked" })),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(await setProgramActive(stranger.user.id, program.id, false)).toMatchObject({ ok: false, code: "not_found" });
    expect(await endProgram(stranger.user.id, program.id)).toMatchObject({ ok: false, code: "not_found" });

    expect(await db.program.findUniqueOrThrow({ where: { id: program.id } })).toEqual(before);
  });

  it("updates the program; changing the rules keeps the progress customers already earned", async () => {
    const { owner, business } = await createBusiness();
    const program = (await createProgram(owner.user.id, programInput(business.id, { rules: { stampsRequired: 10 } })))!;
    const { membership } = await addMember(business.id, program.id, { count: 7, total: 27 });
    const progressBefore = await db.progress.findFirstOrThrow({ where: { membershipId: membership.id } });

    const result = await updateProgram(
      owner.user.id,
      program.id,
      programInput(business.id, {
        name: "Shorter card",
        rules: { stampsRequired: 5 },
        rewardName: "Free croissant",
        rewardExpiryDays: null,
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      program: { name: "Shorter card", rewardName: "Free croissant", rewardExpiryDays: null },
    });
    expect((await db.program.findUniqueOrThrow({ where: { id: program.id } })).rules).toEqual({ stampsRequired: 5 });
    expect(await db.progress.findFirstOrThrow({ where: { membershipId: membership.id } })).toEqual(progressBefore);
  });

  it("keeps the type fixed after creation", async () => {
    const { owner, business } = await createBusiness();
    const program = (await createProgram(owner.user.id, programInput(business.id)))!;
    const result = await updateProgram(
      owner.user.id,
      program.id,
      programInput(business.id, { type: "points", rules: { threshold: 50 } }),
    );
    expect(result).toMatchObject({ ok: false, code: "type_fixed" });
    expect(await db.program.findUniqueOrThrow({ where: { id: program.id } })).toMatchObject({
      type: "stamps",
      rules: { stampsRequired: 3 },
    });
  });

  it("pause hides the program from the tag page, resume brings it back, end is final", async () => {
    const { owner, business, tag } = await createBusiness();
    const program = (await createProgram(owner.user.id, programInput(business.id, { name: "Card" })))!;

    expect(await setProgramActive(owner.user.id, program.id, false)).toMatchObject({
      ok: true,
      program: { active: false },
    });
    expect(await landingPrograms(tag.id)).toEqual([]);
    expect(await setProgramActive(owner.user.id, program.id, true)).toMatchObject({
      ok: true,
      program: { active: true },
    });
    expect(await landingPrograms(tag.id)).toEqual(["Card"]);

    const ended = await endProgram(owner.user.id, program.id, new Date("2030-01-02T10:00:00Z"));
    expect(ended).toMatchObject({ ok: true, program: { active: false, endedAt: new Date("2030-01-02T10:00:00Z") } });
    expect(await landingPrograms(tag.id)).toEqual([]);

    // Ended is read-only: no resume, no edit, no second end.
    expect(await setProgramActive(owner.user.id, program.id, true)).toMatchObject({ ok: false, code: "ended" });
    expect(
      await updateProgram(owner.user.id, program.id, programInput(business.id, { name: "Back again" })),
    ).toMatchObject({ ok: false, code: "ended" });
    expect(await endProgram(owner.user.id, program.id)).toMatchObject({ ok: false, code: "ended" });
    expect(await db.program.findUniqueOrThrow({ where: { id: program.id } })).toMatchObject({
      name: "Card",
      active: false,
      endedAt: new Date("2030-01-02T10:00:00Z"),
    });
  });

  it("lists running programs before ended ones", async () => {
    const { owner, business } = await createBusiness();
    const first = (await createProgram(owner.user.id, programInput(business.id, { name: "First" })))!;
    await createProgram(owner.user.id, programInput(business.id, { name: "Second" }));
    await endProgram(owner.user.id, first.id);
    expect((await listBusinessPrograms(owner.user.id, business.id)).map((p) => p.name)).toEqual(["Second", "First"]);
  });

  it("gives the edit form the stored values back", async () => {
    const { owner, business } = await createBusiness();
    const input = programInput(business.id, {
      type: "gamified",
      rules: { winChance: 0.25 },
      startDate: "2030-01-01",
      endDate: "2030-12-31",
    });
    const program = (await createProgram(owner.user.id, input))!;
    expect(programFormValues((await getOwnedProgram(owner.user.id, program.id))!)).toEqual({
      ...input,
      rewardDescription: "",
      cooldownHours: null,
    });
  });

  it("counts members, rewards issued and redeemed; progress made without taps is no visit", async () => {
    const { owner, business } = await createBusiness();
    const program = (await createProgram(owner.user.id, programInput(business.id)))!;
    const other = (await createProgram(owner.user.id, programInput(business.id, { name: "Other card" })))!;
    const a = await addMember(business.id, program.id, { count: 2, total: 5 });
    await addMember(business.id, program.id, { count: 1, total: 4 });
    await addMember(business.id, other.id, { count: 1, total: 50 });
    const reward = (status: "AVAILABLE" | "REDEEMED", programId = program.id) => ({
      code: `R${uid()}`.toUpperCase(),
      businessId: business.id,
      programId,
      membershipId: a.membership.id,
      userId: a.user.id,
      name: "Free coffee",
      status,
    });
    await db.reward.createMany({
      data: [reward("AVAILABLE"), reward("REDEEMED"), reward("REDEEMED"), reward("REDEEMED", other.id)],
    });

    expect(await programStats(program.id)).toEqual({
      members: 2,
      visits: 0,
      adjusted: 0,
      rewardsIssued: 3,
      rewardsRedeemed: 2,
    });
  });

  it("counts a program's visits as its members' taps since it started", async () => {
    const { owner, business, tag } = await createBusiness();
    const program = (await createProgram(
      owner.user.id,
      programInput(business.id, { type: "points", rules: { pointsPerVisit: 10, threshold: 100 } }),
    ))!;
    const member = await addMember(business.id, program.id, { count: 30, total: 30 });
    const outsider = await createUser();
    const tap = (userId: string, membershipId: string | null, createdAt: Date) => ({
      businessId: business.id,
      tagId: tag.id,
      userId,
      membershipId,
      day: new Date(createdAt.toISOString().slice(0, 10)),
      createdAt,
    });
    const later = new Date(program.createdAt.getTime() + 60_000);
    await db.tap.createMany({
      data: [
        tap(member.user.id, member.membership.id, later),
        tap(member.user.id, member.membership.id, later),
        tap(member.user.id, member.membership.id, later),
        tap(member.user.id, member.membership.id, new Date(program.createdAt.getTime() - 86_400_000)),
        tap(outsider.user.id, null, later),
      ],
    });
    expect(await programStats(program.id)).toMatchObject({ members: 1, visits: 3 });
  });
});
