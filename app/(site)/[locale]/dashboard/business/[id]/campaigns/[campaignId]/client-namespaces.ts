import { CAMPAIGN_COMPOSER_NAMESPACES } from "@/components/campaigns/campaign-composer-namespaces";

/**
 * A campaign's page: the composer and its cancel button (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // CampaignComposer, CampaignPreview; CancelCampaignButton's texts are the composer's.
  ...CAMPAIGN_COMPOSER_NAMESPACES,
] as const;
