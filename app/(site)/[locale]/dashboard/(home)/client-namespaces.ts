/**
 * The home page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // RedeemByCodeForm (an owner's or staff's redeem-by-code box).
  "rewards.redeem",
  // Its schema (lib/validation/rewards.ts).
  "rewards.validation",
  "rewards.errors",
  // CounterLocation, the counter's location picker.
  "workLocations.counter",
  // The forms' shared field errors (lib/validation/issue-messages.ts, text.ts).
  "validation",
  // KeepCardBanner (a guest's card): SavePasskeyButton and its errors.
  "auth.passkey",
  "settings.reauth",
  // KeepCardBanner: EmailLinkForm.
  "auth.emailLink",
] as const;
