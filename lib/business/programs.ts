import "server-only";
import {
  endProgramRow,
  insertProgram,
  programLocationsKnown,
  setProgramRowActive,
  updateProgramRow,
  type OwnedProgram,
  type ProgramChangeResult,
} from "@/lib/db/programs";
import { walletBusinessChanged } from "@/lib/jobs/events";
import type { ProgramInput } from "@/lib/validation/programs";

// An owner's changes to their programs (lib/db/programs.ts writes them). The
// main program's name and progress are on the cards in customers' wallets:
// each saved change queues the business's wallet update, once it is saved.

async function walletsFollow<T extends ProgramChangeResult>(result: T): Promise<T> {
  if (result.ok) await walletBusinessChanged(result.program.businessId);
  return result;
}

/** A new (active) program for one of the owner's businesses; null if the business is not theirs. */
export async function createProgram(ownerId: string, input: ProgramInput): Promise<OwnedProgram | null> {
  const program = await insertProgram(ownerId, input);
  if (program) await walletBusinessChanged(program.businessId);
  return program;
}

/** Saves an owner's edit (lib/db/programs.ts, updateProgramRow: the type is fixed, ended programs are read-only). */
export async function updateProgram(ownerId: string, programId: string, input: ProgramInput) {
  return walletsFollow(await updateProgramRow(ownerId, programId, input));
}

/** Pause (false) or resume (true). An ended program stays ended. */
export async function setProgramActive(ownerId: string, programId: string, active: boolean) {
  return walletsFollow(await setProgramRowActive(ownerId, programId, active));
}

/** Ends a program for good (lib/db/programs.ts, endProgramRow). */
export async function endProgram(ownerId: string, programId: string, now = new Date()) {
  return walletsFollow(await endProgramRow(ownerId, programId, now));
}

/**
 * False when the input limits the program to a location that is not one of
 * its business's (docs/locations.md, "Programs at chosen locations"): the
 * create or edit is refused and nothing is saved.
 */
export async function programLocationsValid(
  ownerId: string,
  of: { businessId: string } | { programId: string },
  input: ProgramInput,
): Promise<boolean> {
  return programLocationsKnown(ownerId, of, input);
}
