// The time zone a new business is proposed from the place its owner picked in
// the registration wizard: the place's country, and for the countries whose
// islands keep another clock (Spain's Canaries, Portugal's Azores and Madeira)
// its coordinates. A country with several zones on its mainland (the United
// States, Mexico, Brazil…) gives none: the browser's zone is then the better guess.

export type PlaceLocation = { lat: number; lng: number };
export type PlaceForTimezone = { countryCode?: string | null; location?: PlaceLocation | null };

/** Countries with one zone (ISO 3166-1 alpha-2 → IANA), the ones a Barcelona product meets most. */
const SINGLE_ZONE_COUNTRIES: Readonly<Record<string, string>> = {
  AD: "Europe/Andorra",
  AR: "America/Argentina/Buenos_Aires",
  AT: "Europe/Vienna",
  BE: "Europe/Brussels",
  BG: "Europe/Sofia",
  CH: "Europe/Zurich",
  CO: "America/Bogota",
  CY: "Asia/Nicosia",
  CZ: "Europe/Prague",
  DE: "Europe/Berlin",
  DK: "Europe/Copenhagen",
  EE: "Europe/Tallinn",
  FI: "Europe/Helsinki",
  FR: "Europe/Paris",
  GB: "Europe/London",
  GI: "Europe/Gibraltar",
  GR: "Europe/Athens",
  HR: "Europe/Zagreb",
  HU: "Europe/Budapest",
  IE: "Europe/Dublin",
  IS: "Atlantic/Reykjavik",
  IT: "Europe/Rome",
  JP: "Asia/Tokyo",
  LT: "Europe/Vilnius",
  LU: "Europe/Luxembourg",
  LV: "Europe/Riga",
  MA: "Africa/Casablanca",
  MC: "Europe/Monaco",
  MT: "Europe/Malta",
  NL: "Europe/Amsterdam",
  NO: "Europe/Oslo",
  PE: "America/Lima",
  PL: "Europe/Warsaw",
  RO: "Europe/Bucharest",
  SE: "Europe/Stockholm",
  SI: "Europe/Ljubljana",
  SK: "Europe/Bratislava",
  SM: "Europe/San_Marino",
  UY: "America/Montevideo",
  VA: "Europe/Vatican",
  VE: "America/Caracas",
};

// The islands lie well west of their mainland: a longitude is enough to tell them apart.
const CANARIES_WEST_OF = -13; // Lanzarote's east coast is at −13.4°; mainland Spain ends at −9.3°.
const AZORES_WEST_OF = -24; // Santa Maria, the Azores' easternmost island, is at −25°.
const MADEIRA_WEST_OF = -15; // Madeira and Porto Santo lie at −16° to −17.3°; mainland Portugal ends at −9.5°.

/**
 * The zone of a place from its country code and, where the country has
 * islands on another clock, its coordinates; null when the place does not say
 * (no country, or a country with several zones on its mainland).
 */
export function timezoneForPlace(place: PlaceForTimezone): string | null {
  const country = place.countryCode?.trim().toUpperCase();
  if (!country) return null;
  const lng = place.location?.lng;
  switch (country) {
    case "ES":
      // Ceuta and Melilla keep mainland time; without coordinates, most of Spain is on the mainland.
      return lng !== undefined && lng < CANARIES_WEST_OF ? "Atlantic/Canary" : "Europe/Madrid";
    case "PT":
      if (lng === undefined) return "Europe/Lisbon";
      if (lng < AZORES_WEST_OF) return "Atlantic/Azores";
      if (lng < MADEIRA_WEST_OF) return "Atlantic/Madeira";
      return "Europe/Lisbon";
    default:
      return SINGLE_ZONE_COUNTRIES[country] ?? null;
  }
}

/** The zone the wizard proposes: the place's, else the browser's (`fallback`). */
export function proposedTimezone(place: PlaceForTimezone, fallback: string): string {
  return timezoneForPlace(place) ?? fallback;
}

/** The zone this runtime runs in: in the browser, the visitor's device's. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
