/**
 * The wallet's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // MarketingConsentSwitch, a card's offers-and-news switch.
  "campaigns.consent",
  // BirthdayAskForm.
  "programs.birthdayAsk",
  // Its schema (lib/validation/settings.ts), which also names settings.language.invalid and settings.delete's answers.
  "settings.validation",
  "settings.language.invalid",
  "settings.delete.ownsBusiness",
  "settings.delete.ownsBusinesses",
  // The forms' shared field errors (lib/validation/issue-messages.ts, text.ts, auth.ts).
  "validation",
  // A guest's banner: SavePasskeyButton and its errors.
  "auth.passkey",
  "settings.reauth",
  // A guest's banner: EmailLinkForm.
  "auth.emailLink",
] as const;
