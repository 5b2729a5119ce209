import { REDEEM_BY_CODE_NAMESPACES } from "@/components/rewards/redeem-by-code-namespaces";

/**
 * The business page's client components, on all its tabs (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [
  // The Tags tab: TagRowActions.
  "tags.row",
  // The Tags tab: MoveTagForm ("Move to").
  "locations.tags",
  // RedeemByCodeForm.
  ...REDEEM_BY_CODE_NAMESPACES,
  // The Profile tab: ProfileEditor, its fields, preview and schema (lib/validation/business-profile.ts).
  "dashboard.profile",
  "dashboard.business.notFound",
  // ProfilePreview: the card it previews.
  "card",
  // ProfilePreview and the keywords control (keyword-names.ts).
  "categories",
  // The keywords control the profile editor shares with the registration wizard.
  "wizard.keywords",
  // The profile's schema reuses the wizard's (lib/validation/business-registration.ts).
  "wizard.validation",
  // The forms' shared field errors (lib/validation/*).
  "validation",
  // SeasonPauseForm, closing for a season (docs/business-lifecycle.md).
  "lifecycle.pause",
] as const;
