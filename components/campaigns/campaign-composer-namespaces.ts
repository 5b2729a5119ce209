/**
 * What CampaignComposer and CampaignPreview translate, for the pages that show
 * them (their client-namespaces.ts; docs/i18n.md, "Catalogs").
 */
export const CAMPAIGN_COMPOSER_NAMESPACES = [
  "campaigns.composer",
  "campaigns.channels",
  // The composer's schema (lib/validation/campaigns.ts).
  "campaigns.errors",
  // The segment builder and its count.
  "segments",
  // The forms' shared field errors (lib/validation/*).
  "validation",
] as const;
