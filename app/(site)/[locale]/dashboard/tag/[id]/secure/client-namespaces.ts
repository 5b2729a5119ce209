/**
 * Securing a tag (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // SecureTagForm, SecureChipForm, CopyButton and the tag schema (lib/validation/tags.ts, lib/nfc/chip-uid.ts).
  "tags.secureForm",
  "tags.chip",
  "tags.copy",
  "tags.validation",
  "api.auth.tagAlreadyClaimed",
  "locations.errors.notOpen",
  "dashboard.business.notFound",
  // The registration schema the tag schema reuses (lib/validation/registration.ts).
  "wizard.validation.timezone",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
