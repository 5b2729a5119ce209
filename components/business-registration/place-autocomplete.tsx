"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  isSearchableQuery,
  PLACE_SEARCH_DEBOUNCE_MS,
  PLACE_SUGGESTIONS_CLOSE_DELAY_MS,
  type PlaceSearch,
  type PlaceSuggestion,
} from "@/lib/business/places";
import { MAX_BUSINESS_NAME_LENGTH } from "@/lib/validation/business-registration";
import type { PlaceNameInputProps } from "./place-types";
import { ListboxOption } from "./listbox-option";
import { inputClass, listboxClass } from "./styles";
import { FieldError } from "@/components/ui/field";

/** The name input; with a `search` it suggests places as the user types (debounced, 3+ characters). */
export function PlaceAutocomplete({
  search,
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  onSelectPlace,
  onClear,
}: PlaceNameInputProps & { search: PlaceSearch | null }) {
  const t = useTranslations("wizard.places");
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const listId = `${id}-places`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  // Only text the user typed is searched (not a name filled in from a chosen place).
  useEffect(() => {
    if (!search || query === null || !isSearchableQuery(query)) return;
    let current = true;
    const timer = window.setTimeout(() => {
      search
        .search(query)
        .then((results) => {
          if (!current) return;
          setSuggestions(results);
          setActive(-1);
          setOpen(results.length > 0);
        })
        .catch((cause: unknown) => console.error("Place search failed", cause));
    }, PLACE_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [search, query]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const select = (place: PlaceSuggestion) => {
    onSelectPlace(place);
    setQuery(null);
    setSuggestions([]);
    close();
  };

  const expanded = Boolean(search) && open && suggestions.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, suggestions.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      const place = active >= 0 ? suggestions[active] : undefined;
      if (place) {
        event.preventDefault();
        select(place);
      }
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  const comboboxProps = search
    ? {
        role: "combobox" as const,
        "aria-autocomplete": "list" as const,
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
      }
    : {};

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          name="businessName"
          type="text"
          maxLength={MAX_BUSINESS_NAME_LENGTH}
          autoComplete={search ? "off" : "organization"}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : search ? hintId : undefined}
          {...comboboxProps}
          onChange={(event) => {
            const next = event.target.value;
            onChange(next);
            if (next === "") onClear();
            setQuery(next);
            if (!isSearchableQuery(next)) {
              setSuggestions([]);
              close();
            }
          }}
          onKeyDown={onKeyDown}
          onFocus={() => window.clearTimeout(closeTimer.current)}
          onBlur={() => {
            onBlur();
            // Late enough for a click on a suggestion to land first.
            closeTimer.current = window.setTimeout(close, PLACE_SUGGESTIONS_CLOSE_DELAY_MS);
          }}
          className={inputClass}
        />
        {search ? (
          <ul id={listId} role="listbox" aria-label={t("list")} hidden={!expanded} className={listboxClass}>
            {expanded
              ? suggestions.map((place, index) => (
                  <ListboxOption
                    key={place.placeId}
                    id={`${listId}-${index}`}
                    active={index === active}
                    aria-label={place.displayName}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => select(place)}
                  >
                    <span className="block font-medium">{place.businessName}</span>
                    {place.address ? <span className="block text-xs opacity-80">{place.address}</span> : null}
                  </ListboxOption>
                ))
              : null}
          </ul>
        ) : null}
      </div>
      {error ? (
        <FieldError id={errorId}>{error}</FieldError>
      ) : search ? (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {t("hint")}
        </p>
      ) : null}
    </div>
  );
}
