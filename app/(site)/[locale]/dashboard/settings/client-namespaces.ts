/**
 * The settings page's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // ProfileForm, PasskeyList, NotificationsSetting, LanguageSetting, ColorSchemeSetting, DeleteAccountForm, ReauthLinkRequest and their schema (lib/validation/settings.ts).
  "settings",
  // ChangePasswordForm (all of `auth`), NewPasswordFields, SavePasskeyButton, the passkey errors.
  "auth",
  // The forms' shared field errors (lib/validation/issue-messages.ts, text.ts, auth.ts).
  "validation",
  // MarketingConsentSwitch.
  "campaigns.consent",
] as const;
