/**
 * Deleting a business (docs/business-lifecycle.md; the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // DeleteBusinessFlow.
  "lifecycle.delete",
  // ReauthLinkRequest, confirming who you are.
  "settings.reauth",
] as const;
