import { z } from "zod";
import { httpUrlSchema } from "@/lib/validation/registration";

// Place suggestions for the registration wizard's business-name search.

export const placeSuggestionSchema = z.object({
  displayName: z.string(),
  businessName: z.string(),
  address: z.string(),
  placeId: z.string(),
  types: z.array(z.string()),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  // Where the place is: the wizard proposes the business's time zone from them (lib/business/place-timezone.ts).
  countryCode: z.string().nullish(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullish(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** Anything that turns typed text into place suggestions (Google, or a fixed list in tests). */
export type PlaceSearch = { search(query: string): Promise<PlaceSuggestion[]> };

export const PLACE_SEARCH_MIN_LENGTH = 3;
export const PLACE_SEARCH_DEBOUNCE_MS = 300;
export const PLACE_SEARCH_MAX_RESULTS = 3;
export const PLACE_SUGGESTIONS_CLOSE_DELAY_MS = 200;
export const PLACE_SEARCH_LANGUAGE = "es";
export const PLACE_SEARCH_REGION = "ES";
export const BARCELONA = { lat: 41.3874, lng: 2.1686 } as const;
const BIAS_RADIUS_M = 20_000;
export const PLACE_FIELDS = [
  "displayName",
  "formattedAddress",
  "types",
  "websiteURI",
  "internationalPhoneNumber",
  "addressComponents",
  "location",
];

export function isSearchableQuery(query: string): boolean {
  return query.trim().length >= PLACE_SEARCH_MIN_LENGTH;
}

/** The part of a Google `Place` we read. */
export type TextSearchPlace = {
  id: string;
  displayName?: string | null;
  formattedAddress?: string | null;
  types?: string[];
  websiteURI?: string | null;
  internationalPhoneNumber?: string | null;
  addressComponents?: { shortText?: string | null; types?: string[] }[] | null;
  location?: { lat(): number; lng(): number } | null;
};
export type TextSearchRequest = {
  textQuery: string;
  fields: string[];
  language: string;
  region: string;
  maxResultCount: number;
  locationBias: { center: { lat: number; lng: number }; radius: number };
};
export type TextSearch = (request: TextSearchRequest) => Promise<{ places: TextSearchPlace[] }>;

export function toPlaceSuggestion(place: TextSearchPlace): PlaceSuggestion {
  const businessName = place.displayName?.trim() ?? "";
  const address = place.formattedAddress?.trim() ?? "";
  // Only http(s) links are ever stored or rendered.
  const website = place.websiteURI && httpUrlSchema.safeParse(place.websiteURI).success ? place.websiteURI : null;
  const country = place.addressComponents?.find((part) => part.types?.includes("country"))?.shortText?.trim();
  const lat = place.location?.lat();
  const lng = place.location?.lng();
  return {
    displayName: [businessName, address].filter(Boolean).join(", "),
    businessName,
    address,
    placeId: place.id,
    types: place.types ?? [],
    website,
    phone: place.internationalPhoneNumber?.trim() || null,
    countryCode: country || null,
    location: Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null,
  };
}

/** Google Places text search, biased to Barcelona, at most three results. */
export function createGooglePlaceSearch(searchByText: TextSearch, language = PLACE_SEARCH_LANGUAGE): PlaceSearch {
  return {
    async search(query) {
      if (!isSearchableQuery(query)) return [];
      const { places } = await searchByText({
        textQuery: query.trim(),
        fields: PLACE_FIELDS,
        language,
        region: PLACE_SEARCH_REGION,
        maxResultCount: PLACE_SEARCH_MAX_RESULTS,
        locationBias: { center: { ...BARCELONA }, radius: BIAS_RADIUS_M },
      });
      return places
        .slice(0, PLACE_SEARCH_MAX_RESULTS)
        .map(toPlaceSuggestion)
        .filter((p) => p.businessName);
    },
  };
}

/** A fixed list searched by name or address, case-insensitively (the e2e test seam). */
export function createListPlaceSearch(places: readonly PlaceSuggestion[]): PlaceSearch {
  return {
    async search(query) {
      if (!isSearchableQuery(query)) return [];
      const needle = query.trim().toLowerCase();
      return places
        .filter((p) => `${p.businessName} ${p.address}`.toLowerCase().includes(needle))
        .slice(0, PLACE_SEARCH_MAX_RESULTS);
    },
  };
}
