/**
 * The campaigns page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // OutreachSettingsForm.
  "campaigns.outreach",
] as const;
