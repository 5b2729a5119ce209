import "server-only";
import type { MessageKey } from "@/lib/i18n/message";
import {
  closeLocationRow,
  insertLocation,
  moveLocationRow,
  moveTagRow,
  reopenLocationRow,
  updateLocationRow,
} from "@/lib/db/locations";
import { locationInputSchema, type LocationInput } from "@/lib/locations/input";

// The owner's locations (docs/locations.md, "The owner's page"): add, edit,
// close, reopen, reorder, and move a tag to another location. Every verb names
// the business the action builder checked the caller owns, parses its input
// again (a caller other than the form gets the same rules) and answers data
// or a coded refusal with the message to show. Nothing is changed on a refusal.

export type LocationRefusal = "invalid" | "not_found" | "last_open" | "tag_not_found" | "location_closed";

export type LocationOutcome<T extends object = object> =
  ({ ok: true } & T) | { ok: false; code: LocationRefusal; error: MessageKey };

const MESSAGES: Record<LocationRefusal, MessageKey> = {
  invalid: "errors.checkForm",
  not_found: "locations.errors.notFound",
  last_open: "locations.errors.lastOpen",
  tag_not_found: "tags.errors.notFound",
  location_closed: "locations.errors.notOpen",
};

const refused = (code: LocationRefusal): LocationOutcome<never> => ({ ok: false, code, error: MESSAGES[code] });

/** A new open location of the business, last in its order. */
export async function createLocation(
  businessId: string,
  input: LocationInput,
): Promise<LocationOutcome<{ id: string }>> {
  const parsed = locationInputSchema.safeParse(input);
  if (!parsed.success) return refused("invalid");
  const id = await insertLocation(businessId, parsed.data);
  if (!id) return refused("not_found");
  return { ok: true, id };
}

/** The owner's edit of a location: name, address, place, time zone and opening hours. */
export async function updateLocation(
  businessId: string,
  locationId: string,
  input: LocationInput,
): Promise<LocationOutcome> {
  const parsed = locationInputSchema.safeParse(input);
  if (!parsed.success) return refused("invalid");
  if (!(await updateLocationRow(businessId, locationId, parsed.data))) return refused("not_found");
  return { ok: true };
}

/** Closes a location: its tags stop taking visits; its history stays. The last open one cannot be closed. */
export async function closeLocation(
  businessId: string,
  locationId: string,
  now = new Date(),
): Promise<LocationOutcome> {
  const result = await closeLocationRow(businessId, locationId, now);
  if (result !== "closed") return refused(result);
  return { ok: true };
}

/** Opens a closed location again: its tags take visits again. */
export async function reopenLocation(businessId: string, locationId: string): Promise<LocationOutcome> {
  if (!(await reopenLocationRow(businessId, locationId))) return refused("not_found");
  return { ok: true };
}

/** One place up or down the owner's order: the first open location is the main one. */
export async function moveLocation(
  businessId: string,
  locationId: string,
  direction: "up" | "down",
): Promise<LocationOutcome> {
  if (!(await moveLocationRow(businessId, locationId, direction))) return refused("not_found");
  return { ok: true };
}

/** Hangs a tag of the business at another of its open locations: its next visits are recorded there. */
export async function moveTagToLocation(
  businessId: string,
  tagId: string,
  locationId: string,
): Promise<LocationOutcome> {
  const result = await moveTagRow(businessId, tagId, locationId);
  if (result === "tag_not_found") return refused("tag_not_found");
  if (result === "location_not_found") return refused("location_closed");
  return { ok: true };
}
