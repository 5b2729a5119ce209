"use server";

import { action } from "@/lib/actions/safe-action";
import { failure, type ActionResult } from "@/lib/actions/result";
import { rememberCounterLocation, COUNTER_LOCATION_CLOSED_MESSAGE } from "@/lib/staff/counter-location";
import { counterLocationSchema } from "@/lib/validation/counter-location";
import { QR_BUSINESS_NOT_FOUND_MESSAGE } from "@/lib/validation/qr";

// The counter's location on this device (docs/locations.md, "The counter"):
// the owner or staff of the business choose where they work; only a location
// they may work at is remembered. It preselects the counter's pages; each
// counter action still names its location and is checked where it writes.

export const chooseCounterLocationAction = action(
  {
    role: "staff",
    args: [counterLocationSchema],
    invalid: [failure(COUNTER_LOCATION_CLOSED_MESSAGE)],
    business: { of: ([input]) => input.businessId, notFound: failure(QR_BUSINESS_NOT_FOUND_MESSAGE) },
  },
  async ({ args: [input], user }): Promise<ActionResult> =>
    (await rememberCounterLocation(user.id, input.businessId, input.locationId))
      ? { ok: true }
      : failure(COUNTER_LOCATION_CLOSED_MESSAGE),
);
