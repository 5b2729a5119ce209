import "server-only";
import { cookies } from "next/headers";
import { useSecureCookies } from "@/lib/auth/cookies";
import { listCounterLocations } from "@/lib/db/staff";
import {
  COUNTER_LOCATION_COOKIE,
  COUNTER_LOCATION_MAX_AGE,
  impliedCounterLocation,
  pickCounterLocation,
  readCounterCookie,
  writeCounterCookie,
  type CounterPlace,
} from "@/lib/staff/locations";

// Where the counter works (docs/locations.md, "The counter"). When a business
// has more than one open location, the counter works AT one: a worker limited
// to one location works there; the others choose, and the choice is
// remembered on this device (a cookie) — the till stays at its shop while the
// person may open the dashboard elsewhere, and each scanned QR opens a new
// page, so neither the session nor the URL could carry it. The cookie only
// preselects: every counter action names its location, and the writing
// statement checks it (worksAtLocationPart).

export const COUNTER_CHOOSE_MESSAGE = "workLocations.counter.choose";
export const COUNTER_LOCATION_CLOSED_MESSAGE = "workLocations.counter.closed";

/** This device's remembered choices, businessId → locationId (a page's or an action's request). */
export async function rememberedCounterLocations(): Promise<Map<string, string>> {
  return readCounterCookie((await cookies()).get(COUNTER_LOCATION_COOKIE)?.value);
}

/** Where the counter of each business works for this worker: the choices and the one preselected. */
export async function counterPlaces(
  workerId: string,
  businessIds: readonly string[],
  remembered: ReadonlyMap<string, string>,
): Promise<CounterPlace[]> {
  return Promise.all(
    businessIds.map(async (businessId) => {
      const { choices, many } = await listCounterLocations(workerId, businessId);
      return {
        businessId,
        choices,
        many,
        locationId: pickCounterLocation(choices, remembered.get(businessId) ?? null),
      };
    }),
  );
}

/**
 * Remembers on this device that the counter of `businessId` works at
 * `locationId`, when it is one of the worker's choices there. Server actions only
 * (they may set cookies).
 */
export async function rememberCounterLocation(workerId: string, businessId: string, locationId: string) {
  const { choices } = await listCounterLocations(workerId, businessId);
  if (!choices.some((c) => c.id === locationId)) return false;
  const store = await cookies();
  store.set(
    COUNTER_LOCATION_COOKIE,
    writeCounterCookie(store.get(COUNTER_LOCATION_COOKIE)?.value, businessId, locationId),
    {
      httpOnly: true,
      sameSite: "lax",
      secure: useSecureCookies,
      path: "/",
      maxAge: COUNTER_LOCATION_MAX_AGE,
    },
  );
  return true;
}

/**
 * The location a counter write works at: the one its request named (the
 * writing statement decides whether the worker may work there and whether it
 * is open), else the only one the worker may choose; "choose" when they must
 * say which.
 */
export async function counterLocationFor(
  workerId: string,
  businessId: string,
  requested: string | null | undefined,
): Promise<{ ok: true; locationId: string | null } | { ok: false; error: typeof COUNTER_CHOOSE_MESSAGE }> {
  if (requested) return { ok: true, locationId: requested };
  const implied = impliedCounterLocation((await listCounterLocations(workerId, businessId)).choices);
  return implied === "choose" ? { ok: false, error: COUNTER_CHOOSE_MESSAGE } : { ok: true, locationId: implied };
}
