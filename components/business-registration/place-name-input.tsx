"use client";

import { useJsApiLoader, type Libraries } from "@react-google-maps/api";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import {
  createGooglePlaceSearch,
  createListPlaceSearch,
  placeSuggestionSchema,
  type PlaceSearch,
} from "@/lib/business/places";
import { PlaceAutocomplete } from "./place-autocomplete";
import type { PlaceNameInputProps } from "./place-types";

declare global {
  interface Window {
    /**
     * Test seam: an e2e test (Playwright init script) sets this to a list of
     * PlaceSuggestion, and the name field then searches that list instead of
     * Google. Nothing in the app sets it.
     */
    __LOYALTAP_PLACES__?: unknown;
  }
}

// Read literally so Next.js inlines it into the client bundle.
const GOOGLE_MAPS_API_KEY = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY ?? "";
// A stable array: @react-google-maps/api reloads the script when it changes.
const LIBRARIES: Libraries = ["places"];

let seamCache: { source: unknown; search: PlaceSearch | null } = { source: undefined, search: null };
function readSeam(): PlaceSearch | null {
  const source = window.__LOYALTAP_PLACES__;
  if (source !== seamCache.source) {
    const parsed = placeSuggestionSchema.array().safeParse(source);
    seamCache = { source, search: parsed.success ? createListPlaceSearch(parsed.data) : null };
  }
  return seamCache.search;
}
const subscribeNever = () => () => {};

/**
 * Business name with place autocomplete. Without a Google
 * Maps key, or when the library fails to load, it is a plain text input and
 * the wizard works the same.
 */
export function PlaceNameInput(props: PlaceNameInputProps) {
  const seam = useSyncExternalStore(subscribeNever, readSeam, () => null);
  if (seam) return <PlaceAutocomplete search={seam} {...props} />;
  if (GOOGLE_MAPS_API_KEY) return <GooglePlaceNameInput apiKey={GOOGLE_MAPS_API_KEY} {...props} />;
  return <PlaceAutocomplete search={null} {...props} />;
}

function GooglePlaceNameInput({ apiKey, ...props }: PlaceNameInputProps & { apiKey: string }) {
  const { isLoaded, loadError } = useJsApiLoader({
    id: "google-maps-script",
    googleMapsApiKey: apiKey,
    libraries: LIBRARIES,
    version: "weekly",
  });
  useEffect(() => {
    // A maps library load failure is logged only: the plain name field still works.
    if (loadError) console.error("Google Maps failed to load", loadError);
  }, [loadError]);
  const search = useMemo(
    () =>
      isLoaded && !loadError
        ? createGooglePlaceSearch((request) => google.maps.places.Place.searchByText(request))
        : null,
    [isLoaded, loadError],
  );
  return <PlaceAutocomplete search={search} {...props} />;
}
