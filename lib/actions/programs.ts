"use server";

import { z } from "zod";
import { action } from "@/lib/actions/safe-action";
import { message } from "@/lib/i18n/message";
import { failure, type ActionResult } from "@/lib/actions/result";
import type { ProgramChangeResult } from "@/lib/db/programs";
import {
  createProgram,
  endProgram,
  programLocationsValid,
  setProgramActive,
  updateProgram,
} from "@/lib/business/programs";
import { programIdSchema, programInputSchema } from "@/lib/validation/programs";

// The owner's program mutations. lib/db/programs checks ownership in every
// query and expires the customer-facing caches (tap landing, public card);
// the owner's pages are rendered per request and refreshed by the form.

export type ProgramActionResult = ActionResult<{ id: string }>;

const NOT_FOUND = failure("programEditor.errors.notFound");
// Where it runs must be the business's own locations (the form offers no other).
const UNKNOWN_LOCATIONS = failure("locations.programs.invalid", {
  fieldErrors: { locationIds: message("locations.programs.invalid") },
});

// lib/db/programs answers in English for every caller; the owner reads its code's message.
const REFUSALS = {
  not_found: "programEditor.errors.notFound",
  ended: "programEditor.errors.ended",
  type_fixed: "programEditor.errors.typeFixed",
} as const;

function changed(result: ProgramChangeResult): ProgramActionResult {
  if (!result.ok) return failure(REFUSALS[result.code]);
  return { ok: true, id: result.program.id };
}

export const createProgramAction = action(
  { role: "owner", args: [programInputSchema] },
  async ({ args: [input], user }): Promise<ProgramActionResult> => {
    if (!(await programLocationsValid(user.id, { businessId: input.businessId }, input))) return UNKNOWN_LOCATIONS;
    const program = await createProgram(user.id, input);
    // Someone else's business answers exactly like a missing one.
    if (!program)
      return failure("programEditor.errors.businessNotFound", {
        fieldErrors: { businessId: message("programEditor.errors.chooseYourBusiness") },
      });
    return { ok: true, id: program.id };
  },
);

export const updateProgramAction = action(
  { role: "owner", args: [programIdSchema, programInputSchema], invalid: [NOT_FOUND] },
  async ({ args: [id, input], user }): Promise<ProgramActionResult> => {
    if (!(await programLocationsValid(user.id, { programId: id }, input))) return UNKNOWN_LOCATIONS;
    return changed(await updateProgram(user.id, id, input));
  },
);

export const setProgramActiveAction = action(
  {
    role: "owner",
    args: [programIdSchema, z.boolean()],
    invalid: [NOT_FOUND, failure("programEditor.errors.pauseOrResume")],
  },
  async ({ args: [id, active], user }) => changed(await setProgramActive(user.id, id, active)),
);

export const endProgramAction = action(
  { role: "owner", args: [programIdSchema], invalid: [NOT_FOUND] },
  async ({ args: [id], user }) => changed(await endProgram(user.id, id)),
);
