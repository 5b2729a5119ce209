import { db } from "@/lib/db";
import { recordTap } from "@/lib/tap/record";
import { formatNextVisit } from "@/lib/tap/next-visit";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";

// A program's cooldown (docs/loyalty-programs.md, "Cooldown"): at most one
// stamp every N hours, enforced by the visit's first statement (a conditional
// upsert of ProgramCooldown), on top of the daily limit.

afterAll(() => db.$disconnect());

const identity = (userId: string) => ({ userId, sessionVersion: 0 });
const NOON = new Date("2026-06-10T10:00:00Z"); // 12:00 in Madrid (CEST)
const later = (minutes: number) => new Date(NOON.getTime() + minutes * 60_000);

async function cafe() {
  const setup = await createBusiness({
    dailyTapLimit: 10,
    programs: [
      stampsProgram(10, { name: "Coffee card", cooldownHours: 2 }),
      stampsProgram(50, { name: "Pastry card" }),
    ],
  });
  const programs = await db.program.findMany({
    where: { businessId: setup.business.id },
    select: { id: true, name: true },
  });
  const id = (name: string) => programs.find((p) => p.name === name)!.id;
  return { ...setup, coffee: id("Coffee card"), pastry: id("Pastry card") };
}

const stamps = async (userId: string, programId: string) =>
  (await db.progress.findFirst({ where: { programId, membership: { userId } }, select: { count: true } }))?.count ?? 0;

describe("a program's cooldown", () => {
  it("a visit inside it earns no stamp there, the other programs still do, and the answer says when the next stamp counts", async () => {
    const { tag, coffee, pastry } = await cafe();
    const customer = await createUser();
    expect((await recordTap(identity(customer.user.id), tag.id, NOON)).httpStatus).toBe(200);

    const second = await recordTap(identity(customer.user.id), tag.id, later(30));
    expect(second.httpStatus).toBe(200);
    expect(await stamps(customer.user.id, coffee)).toBe(1);
    expect(await stamps(customer.user.id, pastry)).toBe(2);
    const body = second.body as {
      active_programs: { program_id: string; next_visit?: { at: string; time_zone: string; kind: string } }[];
    };
    const coffeeResult = body.active_programs.find((p) => p.program_id === coffee)!;
    expect(coffeeResult.next_visit).toMatchObject({
      kind: "cooldown",
      at: later(120).toISOString(),
      time_zone: "Europe/Madrid",
    });
    // "Next stamp from 14:00" on the business's clock.
    expect(formatNextVisit(coffeeResult.next_visit!, "en").time).toBe("14:00");
    expect(body.active_programs.find((p) => p.program_id === pastry)!.next_visit).toBeUndefined();

    // From the cooldown's end the stamp counts again.
    expect((await recordTap(identity(customer.user.id), tag.id, later(120))).httpStatus).toBe(200);
    expect(await stamps(customer.user.id, coffee)).toBe(2);
  });

  it("ten parallel taps earn one stamp in the cooldown program, ten in the other", async () => {
    const { tag, coffee, pastry } = await cafe();
    const customer = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => recordTap(identity(customer.user.id), tag.id, later(i))),
    );
    expect(answers.map((a) => a.httpStatus)).toEqual(Array(10).fill(200));
    expect(await stamps(customer.user.id, coffee)).toBe(1);
    expect(await stamps(customer.user.id, pastry)).toBe(10);
    expect(await db.programCooldown.count({ where: { programId: coffee } })).toBe(1);
  });
});
