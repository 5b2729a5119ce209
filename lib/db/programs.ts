import "server-only";
import { cacheTags, expireTags } from "@/lib/cache";
import { db, Prisma } from "@/lib/db";
import { toProgramData } from "@/lib/validation/program-form";
import type { ProgramInput } from "@/lib/validation/programs";

// An owner's programs. Every read and write is scoped to the owner in the
// query itself (`business: { ownerId }`), so someone else's program answers
// exactly like a missing one. Changes reach customers at once: the business's
// cached landing data holds its running programs, so every write here expires
// that business's tag (its tap landings and public card, no other business's);
// the wallet cards follow through lib/business/programs.ts.
// Between the form and a row: lib/validation/program-form.ts; a program's
// status: lib/loyalty/program-status.ts.

const ownedProgramSelect = {
  id: true,
  businessId: true,
  type: true,
  name: true,
  description: true,
  startDate: true,
  endDate: true,
  active: true,
  endedAt: true,
  rules: true,
  rewardName: true,
  rewardDescription: true,
  rewardExpiryDays: true,
  cooldownHours: true,
  createdAt: true,
  allLocations: true,
  locations: { select: { locationId: true } },
  business: { select: { id: true, name: true, slug: true } },
} as const satisfies Prisma.ProgramSelect;

export type OwnedProgram = Prisma.ProgramGetPayload<{ select: typeof ownedProgramSelect }>;

/** A refusal is a code; the caller says it in the reader's language (lib/actions/programs.ts). */
export type ProgramChangeResult =
  { ok: true; program: OwnedProgram } | { ok: false; code: "not_found" | "ended" | "type_fixed" };

/**
 * Where a program runs, as its input says (docs/locations.md, "Programs at
 * chosen locations"): undefined when the input says nothing (an edit keeps
 * where it ran; a new program runs everywhere).
 */
function locationsOf(input: ProgramInput): { allLocations: boolean; locationIds: string[] } | undefined {
  if (input.allLocations === undefined) return undefined;
  return { allLocations: input.allLocations, locationIds: input.allLocations ? [] : (input.locationIds ?? []) };
}

/** Replaces the program's locations in the caller's transaction (a trigger refuses another business's). */
async function saveProgramLocations(
  tx: Prisma.TransactionClient,
  programId: string,
  where: { allLocations: boolean; locationIds: string[] },
) {
  await tx.programLocation.deleteMany({ where: { programId } });
  if (!where.allLocations && where.locationIds.length)
    await tx.programLocation.createMany({ data: where.locationIds.map((locationId) => ({ programId, locationId })) });
}

/**
 * True when every location the input limits a program to is one of its
 * business's: the owner's business the input names (a new program), or the
 * program's own (an edit). Also true when the input does not limit it, or
 * names no business or program of the owner's (the write answers that).
 * Locations never move between businesses, so the answer holds at the write.
 */
export async function programLocationsKnown(
  ownerId: string,
  of: { businessId: string } | { programId: string },
  input: ProgramInput,
): Promise<boolean> {
  const where = locationsOf(input);
  if (!where || where.allLocations) return true;
  const businessId =
    "businessId" in of
      ? (await db.business.findFirst({ where: { id: of.businessId, ownerId }, select: { id: true } }))?.id
      : (
          await db.program.findFirst({
            where: { id: of.programId, business: { ownerId } },
            select: { businessId: true },
          })
        )?.businessId;
  if (!businessId) return true;
  const known = await db.location.count({ where: { businessId, id: { in: where.locationIds } } });
  return known === where.locationIds.length;
}

const NOT_FOUND = { ok: false, code: "not_found" } as const;
const ENDED = { ok: false, code: "ended" } as const;
const TYPE_FIXED = { ok: false, code: "type_fixed" } as const;

// Ids are uuids; anything much longer is not worth a query.
const plausibleId = (id: string) => id.length > 0 && id.length <= 100;

/** The rules are plain JSON (a parsed zod object); Prisma just needs to hear it. */
function rowData(input: ProgramInput) {
  const data = toProgramData(input);
  return { ...data, rules: data.rules as Prisma.InputJsonObject };
}

export async function getOwnedProgram(ownerId: string, programId: string): Promise<OwnedProgram | null> {
  if (!plausibleId(programId)) return null;
  return db.program.findFirst({ where: { id: programId, business: { ownerId } }, select: ownedProgramSelect });
}

/** A new (active) program for one of the owner's businesses; null if the business is not theirs. */
export async function insertProgram(ownerId: string, input: ProgramInput): Promise<OwnedProgram | null> {
  if (!plausibleId(input.businessId)) return null;
  const business = await db.business.findFirst({
    where: { id: input.businessId, ownerId },
    select: { id: true, slug: true },
  });
  if (!business) return null;
  const data = rowData(input);
  const where = locationsOf(input);
  // The program and where it runs, together or not at all.
  const program = await db.$transaction(async (tx) => {
    const created = await tx.program.create({
      data: { ...data, businessId: business.id, allLocations: where?.allLocations ?? true },
      select: { id: true },
    });
    if (where) await saveProgramLocations(tx, created.id, where);
    return tx.program.findUniqueOrThrow({ where: { id: created.id }, select: ownedProgramSelect });
  });
  expireTags(cacheTags.business(business.id));
  return program;
}

/** Explains why a guarded update touched no row. */
async function refusal(
  ownerId: string,
  programId: string,
  type?: string,
): Promise<Extract<ProgramChangeResult, { ok: false }>> {
  const program = await getOwnedProgram(ownerId, programId);
  if (!program) return NOT_FOUND;
  if (program.endedAt) return ENDED;
  if (type !== undefined && type !== program.type) return TYPE_FIXED;
  return NOT_FOUND;
}

/**
 * Saves an owner's edit. The type is fixed after creation (progress is kept in
 * the type's terms) and ended programs are read-only; both are part of the
 * update's own WHERE so a concurrent End wins cleanly. Only the program row
 * changes: progress already earned under the old rules stays as it is.
 * A program never moves to another business: `input.businessId` is ignored.
 * Where it runs is saved in the same transaction, when the input says.
 */
export async function updateProgramRow(
  ownerId: string,
  programId: string,
  input: ProgramInput,
): Promise<ProgramChangeResult> {
  if (!plausibleId(programId)) return NOT_FOUND;
  const { type, ...data } = rowData(input);
  const where = locationsOf(input);
  const updated = await db.$transaction(async (tx) => {
    const changed = await tx.program.updateMany({
      where: { id: programId, type, endedAt: null, business: { ownerId } },
      data: { ...data, ...(where ? { allLocations: where.allLocations } : {}) },
    });
    if (changed.count > 0 && where) await saveProgramLocations(tx, programId, where);
    return changed;
  });
  if (updated.count === 0) return refusal(ownerId, programId, type);
  const program = await getOwnedProgram(ownerId, programId);
  if (!program) return NOT_FOUND;
  expireTags(cacheTags.business(program.businessId));
  return { ok: true, program };
}

/** Pause (false) or resume (true). An ended program stays ended. */
export async function setProgramRowActive(
  ownerId: string,
  programId: string,
  active: boolean,
): Promise<ProgramChangeResult> {
  if (!plausibleId(programId)) return NOT_FOUND;
  const updated = await db.program.updateMany({
    where: { id: programId, endedAt: null, business: { ownerId } },
    data: { active },
  });
  if (updated.count === 0) return refusal(ownerId, programId);
  const program = await getOwnedProgram(ownerId, programId);
  if (!program) return NOT_FOUND;
  expireTags(cacheTags.business(program.businessId));
  return { ok: true, program };
}

/** Ends a program for good: customers no longer collect progress in it, and
 * it cannot be resumed. Rewards already issued stay valid in the wallets. */
export async function endProgramRow(
  ownerId: string,
  programId: string,
  now = new Date(),
): Promise<ProgramChangeResult> {
  if (!plausibleId(programId)) return NOT_FOUND;
  const updated = await db.program.updateMany({
    where: { id: programId, endedAt: null, business: { ownerId } },
    data: { active: false, endedAt: now },
  });
  if (updated.count === 0) return refusal(ownerId, programId);
  const program = await getOwnedProgram(ownerId, programId);
  if (!program) return NOT_FOUND;
  expireTags(cacheTags.business(program.businessId));
  return { ok: true, program };
}

const businessProgramSelect = {
  id: true,
  type: true,
  name: true,
  startDate: true,
  endDate: true,
  active: true,
  endedAt: true,
  // Where it runs, when not everywhere (the owner's list says so).
  allLocations: true,
  locations: {
    select: { location: { select: { name: true } } },
    orderBy: [{ location: { position: "asc" } }, { location: { createdAt: "asc" } }],
  },
} as const satisfies Prisma.ProgramSelect;

export type BusinessProgramRow = Prisma.ProgramGetPayload<{ select: typeof businessProgramSelect }>;

/** The business's programs (running ones first, then ended), or [] if it is not the owner's. */
export async function listBusinessPrograms(ownerId: string, businessId: string): Promise<BusinessProgramRow[]> {
  if (!plausibleId(businessId)) return [];
  const programs = await db.program.findMany({
    where: { businessId, business: { ownerId } },
    orderBy: { createdAt: "asc" },
    select: businessProgramSelect,
  });
  return [...programs.filter((p) => !p.endedAt), ...programs.filter((p) => p.endedAt)];
}

export type ProgramStats = {
  members: number;
  visits: number;
  /** What the owner's adjustments added to (or took from) its progress, in the program's own unit. */
  adjusted: number;
  rewardsIssued: number;
  rewardsRedeemed: number;
};

/**
 * A program's numbers for its owner's page (the caller has already checked
 * ownership with getOwnedProgram):
 * - members: customers with progress in it (Progress rows);
 * - visits: real visits, as everywhere else (docs/loyalty-programs.md, "Visits"):
 *   the taps at the business since the program was created, by its members.
 *   Never Progress.total, which the owner's adjustments also move;
 * - adjusted: the sum of the owner's adjustments of it (their audit entries' applied amounts);
 * - rewardsIssued / rewardsRedeemed: its Reward rows, and those REDEEMED.
 */
export async function programStats(programId: string): Promise<ProgramStats> {
  const program = await db.program.findUnique({
    where: { id: programId },
    select: { businessId: true, createdAt: true },
  });
  if (!program) return { members: 0, visits: 0, adjusted: 0, rewardsIssued: 0, rewardsRedeemed: 0 };
  const [members, visits, adjustments, rewardsIssued, rewardsRedeemed] = await Promise.all([
    db.progress.count({ where: { programId } }),
    db.tap.count({
      where: {
        businessId: program.businessId,
        createdAt: { gte: program.createdAt },
        membership: { progress: { some: { programId } } },
      },
    }),
    db.$queryRaw<{ adjusted: number }[]>`
      SELECT COALESCE(SUM(("details"->>'applied')::int), 0)::int AS "adjusted" FROM "AuditLog"
      WHERE "businessId" = ${program.businessId} AND "programId" = ${programId} AND "action" = 'ADJUSTMENT'
        AND jsonb_typeof("details"->'applied') = 'number'`,
    db.reward.count({ where: { programId } }),
    db.reward.count({ where: { programId, status: "REDEEMED" } }),
  ]);
  return { members, visits, adjusted: adjustments[0]?.adjusted ?? 0, rewardsIssued, rewardsRedeemed };
}
