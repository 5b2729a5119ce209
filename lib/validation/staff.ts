import { z } from "zod";
import { emailSchema } from "@/lib/validation/auth";
import { idString } from "@/lib/validation/text";

// Inputs of the owner's Staff page and of accepting an invitation; shared by
// the forms and the server actions. Messages are catalog keys (messages/*/staff.json).

export const STAFF_NOT_FOUND_MESSAGE = "staff.errors.notFound";

const businessId = idString(STAFF_NOT_FOUND_MESSAGE);

// Where a staff member works (docs/locations.md, "Staff"): every location, or
// only those ticked, at least one. Messages: messages/*/workLocations.json.
export const STAFF_PICK_LOCATION_MESSAGE = "workLocations.errors.pickOne";
export const STAFF_LOCATION_NOT_FOUND_MESSAGE = "workLocations.errors.locationNotFound";
const whereFields = {
  allLocations: z.boolean().optional(),
  locationIds: z.array(z.uuid(STAFF_LOCATION_NOT_FOUND_MESSAGE)).max(100, STAFF_LOCATION_NOT_FOUND_MESSAGE).optional(),
};
const someWhenNotAll = (input: { allLocations?: boolean | undefined; locationIds?: string[] | undefined }) =>
  input.allLocations !== false || (input.locationIds?.length ?? 0) > 0;

/** The invitation; without `allLocations`, to every location. */
export const inviteStaffSchema = z
  .object({ businessId, email: emailSchema, ...whereFields })
  .refine(someWhenNotAll, { message: STAFF_PICK_LOCATION_MESSAGE, path: ["locationIds"] });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

/** The owner changes where a staff member works. */
export const staffLocationsSchema = z
  .object({
    businessId,
    userId: idString(STAFF_NOT_FOUND_MESSAGE),
    allLocations: z.boolean(),
    locationIds: whereFields.locationIds,
  })
  .refine(someWhenNotAll, { message: STAFF_PICK_LOCATION_MESSAGE, path: ["locationIds"] });

export const revokeStaffSchema = z.object({ businessId, userId: idString(STAFF_NOT_FOUND_MESSAGE) });
export const revokeInviteSchema = z.object({ businessId, inviteId: idString(STAFF_NOT_FOUND_MESSAGE) });

/** The token of an invitation link; anything else matches no invitation (the unknown-link answer). */
export const inviteTokenSchema = z.string().max(200).catch("");
