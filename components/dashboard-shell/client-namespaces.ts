/**
 * Every namespace a client component of the dashboard shows. One provider for
 * the whole dashboard: nested providers do not merge, so a page's own would
 * have to list all of these again.
 */
export const DASHBOARD_CLIENT_NAMESPACES = [
  "common",
  "dashboard",
  "programEditor",
  "programs",
  "categories",
  // The keywords control the profile editor shares with the registration wizard.
  "wizard.keywords",
  "card",
  "settings",
  "tags",
  "rewards",
  // A customer's card: its buttons and the adjustment form, and the visit's answer it shares with the QR page.
  "customerCard",
  "qr.owner",
  "staff",
  // Where staff work (the staff page) and the counter's location picker.
  "workLocations",
  // The API keys page: the new key's form, its one-time display and revoking.
  "apiKeys",
  // The campaign composer, its results and the customer's offers-and-news switch.
  "campaigns",
  // The automations page's switches and forms.
  "automations",
  "auth",
  "validation",
  "errors",
  // The campaign composer's segment builder.
  "segments",
  // The webhooks page's forms and buttons.
  "webhooks",
  // The review queue's buttons and the hold rules' form (docs/review-queue.md).
  "review",
  // Closing for a season and deleting a business: their forms (docs/business-lifecycle.md).
  "lifecycle.pause",
  "lifecycle.delete",
  // The locations page, the tag list's "Move to", the claim form's and the program editor's location choices.
  "locations",
] as const;
