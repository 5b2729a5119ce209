/**
 * Claiming a tag or a batch (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // ClaimTagForm, ActivateBatchForm and the tag schema (lib/validation/tags.ts).
  "tags.claim",
  "tags.batch",
  "tags.validation",
  "api.auth.tagAlreadyClaimed",
  // The claim form's location choice.
  "locations.claim",
  "locations.errors.notOpen",
  "dashboard.business.notFound",
  // The registration schema the tag schema reuses (lib/validation/registration.ts).
  "wizard.validation.timezone",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
