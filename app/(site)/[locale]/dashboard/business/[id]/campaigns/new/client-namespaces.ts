import { CAMPAIGN_COMPOSER_NAMESPACES } from "@/components/campaigns/campaign-composer-namespaces";

/**
 * The campaign composer's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [...CAMPAIGN_COMPOSER_NAMESPACES] as const;
