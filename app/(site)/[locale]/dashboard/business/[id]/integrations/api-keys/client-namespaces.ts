/**
 * The API keys page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // CreateApiKeyForm, its one-time display, RevokeApiKeyButton and the schema (lib/validation/api-keys.ts).
  "apiKeys",
  // CopyButton.
  "tags.copy",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
