import { REDEEM_BY_CODE_NAMESPACES } from "@/components/rewards/redeem-by-code-namespaces";

/**
 * The home page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // RedeemByCodeForm (an owner's or staff's redeem-by-code box).
  ...REDEEM_BY_CODE_NAMESPACES,
  // KeepCardBanner (a guest's card): SavePasskeyButton and its errors.
  "auth.passkey",
  "settings.reauth",
  // KeepCardBanner: EmailLinkForm.
  "auth.emailLink",
] as const;
