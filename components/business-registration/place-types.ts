import type { PlaceSuggestion } from "@/lib/business/places";

// The place field's props, shared by the field and the autocomplete it renders,
// in a module of their own so neither imports the other for a type.

export type PlaceNameInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (node: HTMLInputElement | null) => void;
  error?: string;
  onSelectPlace: (place: PlaceSuggestion) => void;
  onClear: () => void;
};
