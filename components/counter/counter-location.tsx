"use client";

import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from "react";
import { inputClass } from "@/components/ui/field";
import { chooseCounterLocationAction } from "@/lib/actions/counter-location";
import type { CounterPlace } from "@/lib/staff/locations";

// Where the counter works (docs/locations.md, "The counter"): the page gives
// each business's choices and the location preselected on this device; the
// picker changes it (and remembers it on this device), and every counter
// button below reads it and names it in its action.

type Chosen = Record<string, string | null>;
type CounterLocations = {
  places: Record<string, CounterPlace>;
  chosen: Chosen;
  choose: (b: string, l: string) => void;
};

const CounterLocationContext = createContext<CounterLocations | null>(null);

export function CounterLocationProvider({ places, children }: { places: CounterPlace[]; children: ReactNode }) {
  const [chosen, setChosen] = useState<Chosen>(() =>
    Object.fromEntries(places.map((place) => [place.businessId, place.locationId])),
  );
  const choose = useCallback((businessId: string, locationId: string) => {
    setChosen((current) => ({ ...current, [businessId]: locationId }));
    // Only preselects this device's next pages: the choice in hand is what the buttons send.
    void chooseCounterLocationAction({ businessId, locationId }).catch(() => undefined);
  }, []);
  const value = useMemo(
    () => ({ places: Object.fromEntries(places.map((place) => [place.businessId, place])), chosen, choose }),
    [places, chosen, choose],
  );
  return <CounterLocationContext.Provider value={value}>{children}</CounterLocationContext.Provider>;
}

/**
 * The location the counter of `businessId` works at, for an action's
 * `locationId`; undefined outside a provider (the server then takes the only
 * location the worker may choose).
 */
export function useCounterLocation(businessId: string): string | null | undefined {
  const context = useContext(CounterLocationContext);
  if (!context || !(businessId in context.chosen)) return undefined;
  return context.chosen[businessId];
}

/** A select of the locations the worker may choose; `value` the one the counter works at. */
export function CounterLocationSelect({
  place,
  value,
  onChange,
}: {
  place: CounterPlace;
  value: string | null;
  onChange: (locationId: string) => void;
}) {
  const t = useTranslations("workLocations.counter");
  const id = useId();
  if (!place.many || place.choices.length === 0) return null;
  if (place.choices.length === 1)
    return (
      <p className="text-left text-sm font-medium" data-testid="counter-location">
        {t("at", { location: place.choices[0]!.name })}
      </p>
    );
  return (
    <div className="space-y-1 text-left">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("label")}
      </label>
      <select
        id={id}
        data-testid="counter-location-select"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        {value ? null : <option value="" disabled />}
        {place.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The counter's location for `businessId` on this page: shown only when the business has more than one open location. */
export function CounterLocationPicker({ businessId }: { businessId: string }) {
  const context = useContext(CounterLocationContext);
  const place = context?.places[businessId];
  if (!context || !place) return null;
  return (
    <CounterLocationSelect
      place={place}
      value={context.chosen[businessId] ?? null}
      onChange={(locationId) => context.choose(businessId, locationId)}
    />
  );
}
