// Where a staff member works, and where the counter works (docs/locations.md,
// "Staff" and "The counter"). Pure: the staff page, the invitation, the
// counter's pages and actions and the tests read the same answers. The
// database checks again in each writing statement (worksAtLocationPart).

import type { CounterChoice, StaffWhere } from "@/lib/db/staff";

export type { CounterChoice, StaffWhere } from "@/lib/db/staff";

/** The form's answer as stored: all locations, or the distinct ones ticked; null when none is ticked. */
export function staffWhereOf(input: { allLocations: boolean; locationIds?: readonly string[] }): StaffWhere | null {
  if (input.allLocations) return { allLocations: true };
  const locationIds = [...new Set(input.locationIds ?? [])];
  return locationIds.length > 0 ? { allLocations: false, locationIds } : null;
}

/**
 * Where the counter of one business works on this device: the locations the
 * worker may choose (open, theirs), the one chosen, and whether the business
 * has more than one open location (else nothing about locations is shown).
 */
export type CounterPlace = {
  businessId: string;
  choices: CounterChoice[];
  locationId: string | null;
  many: boolean;
};

/**
 * The location the counter works at before anyone chooses: the one remembered
 * on this device when it is still one of the choices, else the first (the
 * business's main location among them); null when the worker may work at none.
 */
export function pickCounterLocation(choices: readonly CounterChoice[], remembered: string | null): string | null {
  if (remembered && choices.some((c) => c.id === remembered)) return remembered;
  return choices[0]?.id ?? null;
}

/**
 * The location a counter action works at when its request names none: the
 * only one the worker may choose; "choose" when there are several (the
 * counter works AT one location, it never guesses); null when there is none
 * (the writing statement then refuses a worker limited to some locations).
 */
export function impliedCounterLocation(choices: readonly CounterChoice[]): string | null | "choose" {
  if (choices.length > 1) return "choose";
  return choices[0]?.id ?? null;
}

// The device's choices travel in one cookie: "businessId:locationId" pairs, the
// latest first, at most MAX_REMEMBERED (a till serves few businesses).
export const COUNTER_LOCATION_COOKIE = "loyaltap-counter-location";
export const COUNTER_LOCATION_MAX_AGE = 365 * 24 * 60 * 60;
const MAX_REMEMBERED = 10;
const PAIR = /^([0-9a-f-]{36}):([0-9a-f-]{36})$/i;

/** The cookie's pairs, businessId → locationId; anything malformed is left out. */
export function readCounterCookie(value: string | undefined | null): Map<string, string> {
  const remembered = new Map<string, string>();
  for (const part of (value ?? "").split(".")) {
    const pair = PAIR.exec(part);
    if (pair && !remembered.has(pair[1]!)) remembered.set(pair[1]!, pair[2]!);
    if (remembered.size === MAX_REMEMBERED) break;
  }
  return remembered;
}

/** The cookie's value after choosing `locationId` for `businessId`: that pair first, the oldest dropped. */
export function writeCounterCookie(value: string | undefined | null, businessId: string, locationId: string): string {
  const pairs = [...readCounterCookie(value)].filter(([business]) => business !== businessId);
  return [[businessId, locationId], ...pairs]
    .slice(0, MAX_REMEMBERED)
    .map(([business, location]) => `${business}:${location}`)
    .join(".");
}
