import { db } from "@/lib/db";
import { endProgram, setProgramActive } from "@/lib/business/programs";
import { disableSecureTag, enableSecureTag } from "@/lib/db/secure-tags";
import { getTapLanding } from "@/lib/db/tap-landing";
import { recordTap, type TapRecordResult } from "@/lib/tap/record";
import { text } from "../support/catalog";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { randomTagKeys } from "../support/sun";

// A tap obeys the database as it is when the tap runs: a limit lowered, a
// program paused or ended, a tag made secure, a time zone changed, each right
// after the tag's landing was read for a page. The visit reads all of it in
// its own transaction (docs/tap-api.md). Jest runs without Next.js's cache
// (lib/cache.ts), so the landing read here is the page's read, not a stale
// copy; tests/reliability/multi-instance.test.ts makes the same changes
// against another production instance's cached landing.

afterAll(() => db.$disconnect());

const NOON = new Date("2026-06-10T10:00:00Z");
const identity = (userId: string) => ({ userId, sessionVersion: 0 });
/** The answer with its message as an English client reads it. */
const inEnglish = ({ httpStatus, body }: TapRecordResult) => ({
  httpStatus,
  body: { ...body, message: text("en", body.message) },
});
const stampsOf = async (userId: string, programId: string) =>
  (await db.progress.findFirst({ where: { programId, membership: { userId } }, select: { count: true } }))?.count ??
  null;

/** A café with a claimed tag and one stamp card, its landing read as a page would, and a customer with one visit today. */
async function visited(options: { dailyTapLimit?: number; timezone?: string } = {}) {
  const setup = await createBusiness({
    dailyTapLimit: options.dailyTapLimit ?? 10,
    timezone: options.timezone,
    programs: [stampsProgram(50)],
  });
  const program = await db.program.findFirstOrThrow({ where: { businessId: setup.business.id }, select: { id: true } });
  const customer = await createUser();
  expect(await getTapLanding(setup.tag.id)).toMatchObject({ claimed: true, secure: false });
  expect((await recordTap(identity(customer.user.id), setup.tag.id, NOON)).httpStatus).toBe(200);
  return { ...setup, programId: program.id, customer };
}

describe("a tap decides from the database as it is when the tap runs", () => {
  it("daily limit lowered from 10 to 2: the next tap is the last one allowed that day", async () => {
    const { business, tag, customer } = await visited({ dailyTapLimit: 10 });
    await db.business.update({ where: { id: business.id }, data: { dailyTapLimit: 2 } });

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await recordTap(identity(customer.user.id), tag.id, NOON)).httpStatus);
    expect(statuses).toEqual([200, 429, 429, 429]);
    expect(await db.tap.count({ where: { userId: customer.user.id } })).toBe(2);
  });

  it.each([
    ["paused", (ownerId: string, programId: string) => setProgramActive(ownerId, programId, false)],
    ["ended", (ownerId: string, programId: string) => endProgram(ownerId, programId, NOON)],
  ])("program %s: the next tap is recorded and earns no stamp", async (_, change) => {
    const { owner, tag, customer, programId } = await visited();
    expect(await stampsOf(customer.user.id, programId)).toBe(1);
    expect((await change(owner.user.id, programId)).ok).toBe(true);

    const next = await recordTap(identity(customer.user.id), tag.id, NOON);
    expect(next).toMatchObject({ httpStatus: 200, body: { type: "no_programs", active_programs: [] } });
    expect(await stampsOf(customer.user.id, programId)).toBe(1);
  });

  it("tag made secure: a tap without a SUN message is refused like any secure tag's and logged; made ordinary again, it is recorded", async () => {
    const { owner, tag, customer } = await visited();
    expect(await enableSecureTag(owner.user.id, tag.id, randomTagKeys())).toBe(true);

    const refused = await recordTap(identity(customer.user.id), tag.id, NOON);
    expect(inEnglish(refused)).toEqual({
      httpStatus: 403,
      body: { status: "error", code: "tag_not_verified", message: "This tag could not be verified.", tag_id: tag.id },
    });
    expect(await db.tap.count({ where: { userId: customer.user.id } })).toBe(1);
    expect(await db.tagRejection.findMany({ where: { tagId: tag.id }, select: { reason: true, count: true } })).toEqual(
      [{ reason: "MISSING_SUN", count: 1 }],
    );

    expect(await disableSecureTag(owner.user.id, tag.id)).toBe(true);
    expect((await recordTap(identity(customer.user.id), tag.id, NOON)).httpStatus).toBe(200);
  });

  it("time zone changed: the tap counts in the new zone's calendar day", async () => {
    // 23:30 UTC on 1 March is already 2 March in Madrid, still 1 March in New York.
    const lateEvening = new Date("2026-03-01T23:30:00Z");
    const { business, tag, customer } = await visited({ dailyTapLimit: 1, timezone: "Europe/Madrid" });
    expect((await recordTap(identity(customer.user.id), tag.id, lateEvening)).httpStatus).toBe(200);
    expect((await recordTap(identity(customer.user.id), tag.id, lateEvening)).httpStatus).toBe(429);

    await db.business.update({ where: { id: business.id }, data: { timezone: "America/New_York" } });
    expect((await recordTap(identity(customer.user.id), tag.id, lateEvening)).httpStatus).toBe(200);
    const days = await db.tap.findMany({ where: { userId: customer.user.id }, select: { day: true } });
    expect(days.map((t) => t.day.toISOString().slice(0, 10)).sort()).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-06-10",
    ]);
  });

  it("the owner tapping their own tag, and a tag released since: refused as before, nothing recorded", async () => {
    const { owner, tag, customer } = await visited();
    expect(inEnglish(await recordTap(identity(owner.user.id), tag.id, NOON))).toEqual({
      httpStatus: 409,
      body: {
        status: "error",
        code: "own_business",
        message: "This is your own business's tag: your customers' taps are recorded here.",
        tag_id: tag.id,
      },
    });
    await db.tag.update({ where: { id: tag.id }, data: { businessId: null } });
    expect(inEnglish(await recordTap(identity(customer.user.id), tag.id, NOON))).toEqual({
      httpStatus: 404,
      body: {
        status: "error",
        code: "tag_not_claimed",
        message: "This tag is not linked to a business yet.",
        tag_id: tag.id,
      },
    });
    expect(await db.tap.count({ where: { tagId: tag.id } })).toBe(1);
  });
});
