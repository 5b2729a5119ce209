import { readOpeningHours, type OpeningHoursEntry } from "@/lib/locations/format-hours";

// What anyone may see of a business's locations (its public card, docs/locations.md,
// "What owners and customers see"): the open ones, in the owner's order, with
// their address, place and opening hours. Pure: lib/db reads the rows.

export type PublicLocation = {
  id: string;
  name: string;
  address: string | null;
  placeId: string | null;
  openingHours: OpeningHoursEntry[];
};

/** A location row as selected (openingHours still unchecked JSON) → its public shape. */
export function toPublicLocation(row: {
  id: string;
  name: string;
  address: string | null;
  placeId: string | null;
  openingHours: unknown;
}): PublicLocation {
  return {
    id: row.id,
    name: row.name,
    address: row.address?.trim() || null,
    placeId: row.placeId?.trim() || null,
    openingHours: readOpeningHours(row.openingHours),
  };
}

/** The public card lists its locations only when there is more than one: one location reads as it always did. */
export function listsLocations(locations: readonly PublicLocation[]): boolean {
  return locations.length > 1;
}

/**
 * A Google Maps search for the location (Maps URLs, no API key, nothing
 * fetched): its address, pinned to its place when it has one. Without an
 * address a place still opens, searched by name; with neither, no link.
 */
export function mapsUrl(location: Pick<PublicLocation, "name" | "address" | "placeId">): string | null {
  const query = location.address ?? (location.placeId ? location.name : null);
  if (!query) return null;
  const params = new URLSearchParams({ api: "1", query });
  if (location.placeId) params.set("query_place_id", location.placeId);
  return `https://www.google.com/maps/search/?${params.toString()}`;
}

/** The id of a location's entry on the card (its JSON-LD @id points at it). */
export function locationAnchor(locationId: string): string {
  return `location-${locationId.replace(/[^A-Za-z0-9_-]/g, "")}`;
}
