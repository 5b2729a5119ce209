import { REDEEM_BY_CODE_NAMESPACES } from "@/components/rewards/redeem-by-code-namespaces";

/**
 * Redeeming by code (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [...REDEEM_BY_CODE_NAMESPACES] as const;
