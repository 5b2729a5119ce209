/**
 * The campaign composer's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // CampaignComposer, CampaignPreview.
  "campaigns.composer",
  "campaigns.channels",
  // The composer's schema (lib/validation/campaigns.ts).
  "campaigns.errors",
  // The segment builder and its count.
  "segments",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
