"use server";

import { action } from "@/lib/actions/safe-action";
import { message } from "@/lib/i18n/message";
import { failure, type ActionResult } from "@/lib/actions/result";
import { hitRateLimit } from "@/lib/rate-limit";
import { revokeInvite, revokeStaff, setStaffLocations } from "@/lib/db/staff";
import { inviteStaff } from "@/lib/staff/invite-links";
import { staffWhereOf } from "@/lib/staff/locations";
import {
  inviteStaffSchema,
  revokeInviteSchema,
  revokeStaffSchema,
  STAFF_LOCATION_NOT_FOUND_MESSAGE,
  STAFF_NOT_FOUND_MESSAGE,
  STAFF_PICK_LOCATION_MESSAGE,
  staffLocationsSchema,
} from "@/lib/validation/staff";

// The owner's Staff page. Only the owner: a staff member (or anyone else)
// gets the same not-found as for a business that does not exist; lib/db/staff
// matches the owner again in every statement.

const NOT_FOUND = failure(STAFF_NOT_FOUND_MESSAGE);
const NOTHING_TO_REVOKE = failure("staff.errors.nothingToRevoke");

const INVITE_REFUSALS = {
  not_found: STAFF_NOT_FOUND_MESSAGE,
  own_email: "staff.errors.ownEmail",
  already_staff: "staff.errors.alreadyStaff",
  location_not_found: STAFF_LOCATION_NOT_FOUND_MESSAGE,
} as const;

const INVITES_PER_HOUR = 30;
const INVITE_WINDOW_MS = 60 * 60 * 1000;

export type InviteStaffResult = ActionResult<{ email: string }>;

export const inviteStaffAction = action(
  {
    role: "owner",
    args: [inviteStaffSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<InviteStaffResult> => {
    // Each invitation is a mail to an address the owner typed: a bounded number per hour.
    if ((await hitRateLimit(`staff-invite:${user.id}`, INVITE_WINDOW_MS)) > INVITES_PER_HOUR)
      return failure("staff.errors.tooMany");
    const where = staffWhereOf({ allLocations: input.allLocations ?? true, locationIds: input.locationIds });
    if (!where) return failure(STAFF_PICK_LOCATION_MESSAGE);
    const outcome = await inviteStaff(user, business!.id, input.email, new Date(), where);
    if (!outcome.ok)
      return failure(INVITE_REFUSALS[outcome.reason], {
        ...(outcome.reason === "not_found" || outcome.reason === "location_not_found"
          ? {}
          : { fieldErrors: { email: message(INVITE_REFUSALS[outcome.reason]) } }),
      });
    return { ok: true, email: outcome.email };
  },
);

export const revokeStaffAction = action(
  {
    role: "owner",
    args: [revokeStaffSchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult> =>
    (await revokeStaff(user, business!.id, input.userId)) ? { ok: true } : NOTHING_TO_REVOKE,
);

export const revokeStaffInviteAction = action(
  {
    role: "owner",
    args: [revokeInviteSchema],
    invalid: [NOT_FOUND],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult> =>
    (await revokeInvite(user, business!.id, input.inviteId)) ? { ok: true } : NOTHING_TO_REVOKE,
);

const STAFF_LOCATIONS_REFUSALS = {
  not_found: NOT_FOUND,
  location_not_found: failure(STAFF_LOCATION_NOT_FOUND_MESSAGE),
} as const;

/**
 * Where a staff member works (docs/locations.md, "Staff"): every location, or
 * only those ticked (at least one). Their very next action at the counter
 * follows: the counter's statements read it every time.
 */
export const setStaffLocationsAction = action(
  {
    role: "owner",
    args: [staffLocationsSchema],
    business: { of: ([input]) => input.businessId, notFound: NOT_FOUND },
  },
  async ({ args: [input], user, business }): Promise<ActionResult> => {
    const where = staffWhereOf(input);
    if (!where) return failure(STAFF_PICK_LOCATION_MESSAGE);
    const outcome = await setStaffLocations(user, business!.id, input.userId, where);
    return outcome === "ok" ? { ok: true } : STAFF_LOCATIONS_REFUSALS[outcome];
  },
);
