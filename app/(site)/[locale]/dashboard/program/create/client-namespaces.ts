/**
 * The new program's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // ProgramForm, its fields, tiers, preview, the schema (lib/validation/programs.ts) and the rules' checks.
  "programEditor",
  // The type picker's names and the preview's card (program-card-text.ts).
  "programs",
  // ProgramLocationsField, the program's locations.
  "locations.programs",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
