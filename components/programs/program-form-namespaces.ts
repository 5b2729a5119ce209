/**
 * What ProgramForm translates, for the pages that show it (their
 * client-namespaces.ts; docs/i18n.md, "Catalogs").
 */
export const PROGRAM_FORM_NAMESPACES = [
  // The form, its fields, tiers, preview and status actions, the schema (lib/validation/programs.ts) and the rules' checks.
  "programEditor",
  // The type picker's names and the preview's card (program-card-text.ts).
  "programs",
  // ProgramLocationsField, the program's locations.
  "locations.programs",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
