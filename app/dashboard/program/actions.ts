"use server";

import { z } from "zod";
import { getCurrentUser } from "@/lib/auth/current-user";
import { createProgram, endProgram, setProgramActive, updateProgram, type ProgramChangeResult } from "@/lib/db/programs";
import { fieldErrorsOf, programIdSchema, programInputSchema } from "@/lib/validation/programs";

// The owner's program mutations. lib/db/programs checks ownership in every
// query and expires the customer-facing caches (tap landing, public card);
// the owner's pages are rendered per request and refreshed by the form.

export type ProgramActionResult = { ok: true; id: string } | { ok: false; error: string; fieldErrors?: Record<string, string> };

const SIGNED_OUT = { ok: false, error: "Please log in again." } as const;
const NOT_FOUND = { ok: false, error: "Program not found" } as const;

function invalid(error: z.ZodError): ProgramActionResult {
  return { ok: false, error: error.issues[0]?.message ?? "Please check the form", fieldErrors: fieldErrorsOf(error) };
}

function changed(result: ProgramChangeResult): ProgramActionResult {
  if (!result.ok) return { ok: false, error: result.message };
  return { ok: true, id: result.program.id };
}

export async function createProgramAction(input: unknown): Promise<ProgramActionResult> {
  const user = await getCurrentUser();
  if (!user) return SIGNED_OUT;
  const parsed = programInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const program = await createProgram(user.id, parsed.data);
  // Someone else's business answers exactly like a missing one.
  if (!program) return { ok: false, error: "Business not found", fieldErrors: { businessId: "Choose one of your businesses" } };
  return { ok: true, id: program.id };
}

export async function updateProgramAction(programId: unknown, input: unknown): Promise<ProgramActionResult> {
  const user = await getCurrentUser();
  if (!user) return SIGNED_OUT;
  const id = programIdSchema.safeParse(programId);
  if (!id.success) return NOT_FOUND;
  const parsed = programInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return changed(await updateProgram(user.id, id.data, parsed.data));
}

export async function setProgramActiveAction(programId: unknown, active: unknown): Promise<ProgramActionResult> {
  const user = await getCurrentUser();
  if (!user) return SIGNED_OUT;
  const id = programIdSchema.safeParse(programId);
  if (!id.success) return NOT_FOUND;
  if (typeof active !== "boolean") return { ok: false, error: "Choose pause or resume" };
  return changed(await setProgramActive(user.id, id.data, active));
}

export async function endProgramAction(programId: unknown): Promise<ProgramActionResult> {
  const user = await getCurrentUser();
  if (!user) return SIGNED_OUT;
  const id = programIdSchema.safeParse(programId);
  if (!id.success) return NOT_FOUND;
  return changed(await endProgram(user.id, id.data));
}
