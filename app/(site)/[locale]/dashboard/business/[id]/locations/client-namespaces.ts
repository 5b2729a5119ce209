/**
 * The locations page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // LocationControls, LocationForm, HoursEditor, AddLocation and the input checks (lib/locations/input.ts).
  "locations",
  "dashboard.business.notFound",
  // The registration schema the location form reuses (lib/validation/registration.ts).
  "wizard.validation.timezone",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
