"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import {
  createLocationSchema,
  locationTargetSchema,
  moveLocationSchema,
  moveTagSchema,
  updateLocationSchema,
} from "@/lib/locations/input";
import {
  closeLocation,
  createLocation,
  moveLocation,
  moveTagToLocation,
  reopenLocation,
  updateLocation,
  type LocationOutcome,
} from "@/lib/locations/manage";

// The owner's locations page and the tag list's "Move to" (docs/locations.md).
// Only the owner: anyone else, staff included, gets the not-found of a
// business that does not exist, and nothing changes.

const NOT_FOUND = failure("dashboard.business.notFound");
const owned = <T extends { businessId: string }>([input]: readonly [T]) => input.businessId;

function answer<T extends object>(outcome: LocationOutcome<T>): ActionResult<T> {
  return outcome.ok ? outcome : failure(outcome.error, { code: outcome.code });
}

export const createLocationAction = action(
  { role: "owner", args: [createLocationSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult<{ id: string }>> =>
    answer(await createLocation(business!.id, input.location)),
);

export const updateLocationAction = action(
  { role: "owner", args: [updateLocationSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await updateLocation(business!.id, input.locationId, input.location)),
);

export const closeLocationAction = action(
  { role: "owner", args: [locationTargetSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await closeLocation(business!.id, input.locationId)),
);

export const reopenLocationAction = action(
  { role: "owner", args: [locationTargetSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await reopenLocation(business!.id, input.locationId)),
);

export const moveLocationAction = action(
  { role: "owner", args: [moveLocationSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await moveLocation(business!.id, input.locationId, input.direction)),
);

export const moveTagToLocationAction = action(
  { role: "owner", args: [moveTagSchema], business: { of: owned, notFound: NOT_FOUND } },
  async ({ args: [input], business }): Promise<ActionResult> =>
    answer(await moveTagToLocation(business!.id, input.tagId, input.locationId)),
);
