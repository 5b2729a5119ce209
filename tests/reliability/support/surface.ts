// Every route handler, page and server action of app/, with who may use it
// and how the sweep exercises it. tests/reliability/sweep.test.ts fails when
// app/ has something this table lacks, or the table names something gone.
//
// access: "public"  anyone (visitor included)
//         "signed-in" any account (customer data of one's own)
//         "owner"   acts on a business the caller owns
//         "admin"   role ADMIN only
// counter: an "owner" entry the business's staff may use too (docs/owner-tools.md,
// "Staff"): the authorisation matrix allows staff exactly these and refuses the rest.

export type Access = "public" | "signed-in" | "owner" | "admin";
/** none: a visitor; cookie / bearer: a customer's session cookie / access token; owner, admin: an owner's or an admin's session. */
export type AuthState = "none" | "cookie" | "bearer" | "owner" | "admin";
export const ALL_AUTH: AuthState[] = ["none", "cookie", "bearer"];

/** The auth states to sweep an entry with: the three, plus the role it needs (so the input reaches past the role check). */
export function authStatesFor(access: Access): AuthState[] {
  if (access === "owner") return [...ALL_AUTH, "owner"];
  if (access === "admin") return [...ALL_AUTH, "admin"];
  return ALL_AUTH;
}

export type RouteEntry = {
  access: Access;
  /** json: raw bodies × content types; query: bad query strings; plain: bad queries only. */
  sweep: "json" | "query";
  /** Concrete URLs for a catch-all route (bad ones are added by the sweep). */
  paths?: string[];
  /** Auth states to sweep with; default all three. */
  auth?: AuthState[];
  note?: string;
};

export const ROUTES: Record<string, RouteEntry> = {
  "GET /api/auth/[...nextauth]": {
    access: "public",
    sweep: "query",
    paths: [
      "/api/auth/session",
      "/api/auth/csrf",
      "/api/auth/providers",
      "/api/auth/signin",
      "/api/auth/signin/google",
      "/api/auth/callback/google",
      "/api/auth/error",
      "/api/auth/signout",
    ],
  },
  "POST /api/auth/[...nextauth]": {
    access: "public",
    sweep: "json",
    paths: ["/api/auth/signin/google", "/api/auth/callback/credentials", "/api/auth/signout", "/api/auth/session"],
    // Auth.js's sign-out with a session would end the sweep's own session.
    auth: ["none", "bearer"],
  },
  "GET /api/account/export": { access: "signed-in", sweep: "query" },
  "GET /api/business/[id]/export": { access: "owner", sweep: "query" },
  "GET /api/auth/me": { access: "signed-in", sweep: "query" },
  "GET /api/health": { access: "public", sweep: "query" },
  "GET /auth/session-ended": { access: "public", sweep: "query" },
  "GET /api/tap": { access: "public", sweep: "query" },
  "POST /api/tap": { access: "signed-in", sweep: "json" },
  "GET /b/[slug]/opengraph-image": { access: "public", sweep: "query" },
  // "Start my card" (docs/authentication.md, "Guests"): a form post; with a session it records that person's visit.
  "POST /tap/start": {
    access: "public",
    sweep: "json",
    auth: ["none"],
    note: "a good post makes a guest card and its first visit: a legitimate write",
  },
  // Only a redirect to the sign-out page: opening it signs nobody out.
  "GET /logout": { access: "public", sweep: "query" },
  // Signing out with a session legitimately ends the account's sessions (a write).
  "POST /logout": {
    access: "public",
    sweep: "json",
    auth: ["none"],
    note: "with a session it ends every session: a legitimate write",
  },
  "POST /api/auth/logout": {
    access: "public",
    sweep: "json",
    auth: ["none"],
    note: "with a session it revokes refresh tokens: a legitimate write",
  },
  "GET /manifest.webmanifest": { access: "public", sweep: "query" },
  "GET /robots.txt": { access: "public", sweep: "query" },
  "GET /sitemap.xml": { access: "public", sweep: "query" },
  "POST /api/auth/login": { access: "public", sweep: "json" },
  "POST /api/auth/register": { access: "public", sweep: "json" },
  // Mails a one-time sign-in link; the same answer for every address.
  "POST /api/auth/email-link": { access: "public", sweep: "json" },
  "POST /api/auth/reset-password": { access: "public", sweep: "json" },
  "POST /api/auth/token": { access: "public", sweep: "json" },
  "POST /api/auth/update-password": { access: "signed-in", sweep: "json" },
  // "Add to Google Wallet": the caller's own membership only; a redirect to Google's save page.
  "GET /api/wallet/google/save": { access: "signed-in", sweep: "query" },
  // Apple Wallet's PassKit web service (docs/wallet.md, "Apple Wallet: updates"): no session; the
  // pass's own token (Authorization: ApplePass …) is the whole authorisation, checked per pass.
  "POST /api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/[serialNumber]": {
    access: "public",
    sweep: "json",
  },
  "DELETE /api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/[serialNumber]": {
    access: "public",
    sweep: "query",
  },
  "GET /api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]": {
    access: "public",
    sweep: "query",
  },
  "GET /api/wallet/apple/v1/passes/[passTypeIdentifier]/[serialNumber]": { access: "public", sweep: "query" },
  // Wallet's error reports: anyone may post; bounded, cleaned and rate-limited before they reach the log.
  "POST /api/wallet/apple/v1/log": { access: "public", sweep: "json" },
  // "Add to Apple Wallet": the caller's own membership only; its signed pass (made on the first download).
  "GET /api/wallet/apple/pass": { access: "signed-in", sweep: "query" },
  // RFC 8058 one-click unsubscribe: the signed token in the query is the whole authorisation.
  "POST /api/unsubscribe": { access: "public", sweep: "json" },
  // A campaign mail's open pixel and its links (docs/campaigns.md, "Tracking"): a signed token names the
  // recipient; the click always lands on the business's card on this site, never on an address it carries.
  "GET /api/campaigns/open": { access: "public", sweep: "query" },
  "GET /api/campaigns/click": { access: "public", sweep: "query" },
  // "Stop offers from …": the page asks, the POST (or a mail program's one-click) withdraws that business's yes.
  "GET /api/campaigns/unsubscribe": { access: "public", sweep: "query" },
  "POST /api/campaigns/unsubscribe": { access: "public", sweep: "json" },
  // The public API (docs/api.md): a business's API key (Authorization: Bearer lt_live_…) is the whole
  // authorisation, scoped to its business; without one every request is a 401 problem.
  "GET /api/v1/openapi.json": { access: "public", sweep: "query" },
  "GET /api/v1/customers": { access: "public", sweep: "query" },
  "GET /api/v1/customers/lookup": { access: "public", sweep: "query" },
  "GET /api/v1/customers/[id]": { access: "public", sweep: "query" },
  "POST /api/v1/visits": { access: "public", sweep: "json" },
  "POST /api/v1/purchases": { access: "public", sweep: "json" },
  "POST /api/v1/purchases/[id]/refund": { access: "public", sweep: "json" },
  "GET /api/v1/rewards": { access: "public", sweep: "query" },
  "POST /api/v1/rewards/[id]/redeem": { access: "public", sweep: "json" },
  "POST /api/v1/rewards/[id]/undo": { access: "public", sweep: "json" },
  "GET /api/v1/programs": { access: "public", sweep: "query" },
  "GET /api/v1/locations": { access: "public", sweep: "query" },
};

/**
 * Paths that no file, page or route serves and that hold a dot, which the proxy
 * leaves alone (it skips files): scanners' favourites, a file under a page, a
 * language with an extension. Each must be the site's not-found page, in English
 * (next.config.ts serves them under /en/), with its heading.
 */
export const UNKNOWN_DOTTED_PATHS: Record<string, string> = {
  "/wp-login.php": "Page not found",
  "/.env": "Page not found",
  "/index.php": "Page not found",
  "/x.png/about": "Page not found",
  "/es.png": "Page not found",
  "/es/x.png": "Page not found",
};

/** The credentials callback of Auth.js: password sign-in is POST /api/auth/login, never Auth.js. */
export const AUTH_CREDENTIALS_CALLBACK = "/api/auth/callback/credentials";

export type PageEntry = { access: Access; counter?: true };

export const PAGES: Record<string, PageEntry> = {
  "/": { access: "public" },
  // Any other site path: the site's not-found page, in the reader's language.
  "/about": { access: "public" },
  // The API's reference, rendered from its OpenAPI document.
  "/developers/api": { access: "public" },
  "/privacy": { access: "public" },
  "/terms": { access: "public" },
  "/admin": { access: "admin" },
  "/admin/users": { access: "admin" },
  // Secure tag batches (docs/secure-tags.md, "Batches").
  "/admin/batches": { access: "admin" },
  "/admin/users/[id]": { access: "admin" },
  "/auth/callback": { access: "public" },
  // A mailed re-authentication link: opening it spends nothing, its button does (the one-time token is the authorisation).
  "/auth/confirm-identity": { access: "public" },
  // A mailed sign-in link: opening it spends nothing, its form (sent by itself) does.
  "/auth/email-link": { access: "public" },
  "/auth/reset": { access: "public" },
  "/auth/verify-email": { access: "public" },
  "/b/[slug]": { access: "public" },
  "/claim/register": { access: "public" },
  "/dashboard": { access: "signed-in" },
  "/dashboard/business/[id]": { access: "owner" },
  "/dashboard/business/[id]/customers": { access: "owner", counter: true },
  // The review queue (docs/review-queue.md): staff decide held visits too.
  "/dashboard/business/[id]/review": { access: "owner", counter: true },
  // The owner's or a staff member's view of one customer.
  "/dashboard/business/[id]/customers/[userId]": { access: "owner", counter: true },
  "/dashboard/business/[id]/insights": { access: "owner" },
  // Outreach (docs/campaigns.md): the owner's alone, never the staff's.
  "/dashboard/business/[id]/campaigns": { access: "owner" },
  "/dashboard/business/[id]/campaigns/new": { access: "owner" },
  "/dashboard/business/[id]/campaigns/automations": { access: "owner" },
  "/dashboard/business/[id]/campaigns/[campaignId]": { access: "owner" },
  "/dashboard/business/[id]/campaigns/[campaignId]/results": { access: "owner" },
  "/dashboard/business/[id]/staff": { access: "owner" },
  // Deleting the business (docs/business-lifecycle.md): the owner's alone.
  "/dashboard/business/[id]/delete": { access: "owner" },
  // Locations (docs/locations.md): the owner's alone, never the staff's.
  "/dashboard/business/[id]/locations": { access: "owner" },
  // Webhooks (docs/webhooks.md): the owner's alone, never the staff's.
  "/dashboard/business/[id]/integrations": { access: "owner" },
  "/dashboard/business/[id]/integrations/webhooks": { access: "owner" },
  // API keys (docs/api.md): the owner's alone, never the staff's.
  "/dashboard/business/[id]/integrations/api-keys": { access: "owner" },
  "/dashboard/program/[program_id]": { access: "owner" },
  "/dashboard/program/create": { access: "signed-in" },
  "/dashboard/redeem-reward": { access: "signed-in" },
  "/dashboard/redeem-reward/[id]": { access: "owner", counter: true },
  "/dashboard/rewards": { access: "signed-in" },
  "/dashboard/settings": { access: "signed-in" },
  "/dashboard/tag/[id]/qr": { access: "owner" },
  "/dashboard/tag/[id]/secure": { access: "owner" },
  // Writing and checking stickers (docs/tags.md): the owner's alone, as the QR and secure pages.
  "/dashboard/tag/[id]/write": { access: "owner" },
  "/dashboard/tag/claim/[[...id]]": { access: "signed-in" },
  "/dashboard/wallet": { access: "signed-in" },
  "/login": { access: "public" },
  "/qr/[user_id]": { access: "public" },
  "/register": { access: "public" },
  "/register/business": { access: "public" },
  "/sign-out": { access: "public" },
  "/staff/accept": { access: "public" },
  "/tap": { access: "public" },
  "/tap/visitor/[id]": { access: "public" },
  "/unsubscribe": { access: "public" },
};

export type ActionEntry = { access: Access; counter?: true; note?: string };

export const ACTIONS: Record<string, ActionEntry> = {
  acceptStaffInviteAction: { access: "signed-in" },
  // API keys (docs/api.md): the owner's alone.
  createApiKeyAction: { access: "owner" },
  revokeApiKeyAction: { access: "owner" },
  addBusinessAction: { access: "signed-in" },
  addReferrerAction: { access: "signed-in" },
  adjustProgressAction: { access: "owner" },
  // Outreach (docs/campaigns.md): campaigns, their segments and sending rules, automations — the owner's alone.
  cancelCampaignAction: { access: "owner" },
  countSegmentAction: { access: "owner" },
  previewCampaignAction: { access: "owner" },
  saveAutomationAction: { access: "owner" },
  saveCampaignAction: { access: "owner" },
  saveOutreachSettingsAction: { access: "owner" },
  scheduleCampaignAction: { access: "owner" },
  sendTestAction: { access: "owner" },
  // Webhooks (docs/webhooks.md): the owner's alone.
  deleteWebhookAction: { access: "owner" },
  registerWebhookAction: { access: "owner" },
  resendWebhookAction: { access: "owner" },
  revealWebhookSecretAction: { access: "owner" },
  rotateWebhookSecretAction: { access: "owner" },
  sendTestWebhookAction: { access: "owner" },
  setWebhookEnabledAction: { access: "owner" },
  // Locations and where tags hang (docs/locations.md): the owner's alone.
  closeLocationAction: { access: "owner" },
  createLocationAction: { access: "owner" },
  moveLocationAction: { access: "owner" },
  moveTagToLocationAction: { access: "owner" },
  reopenLocationAction: { access: "owner" },
  updateLocationAction: { access: "owner" },
  // A customer's own yes or no to one business's offers and news.
  setMarketingConsentAction: { access: "signed-in" },
  changePasswordAction: { access: "signed-in" },
  claimTagAction: { access: "owner" },
  // "Confirm it's you with a passkey": only the caller's own passkeys answer it.
  confirmWithPasskeyAction: { access: "signed-in" },
  confirmWithPasskeyOptionsAction: { access: "signed-in" },
  completePendingRegistrationAction: { access: "signed-in" },
  confirmIdentityAction: { access: "public", note: "a mailed one-time re-authentication token is the authorisation" },
  createProgramAction: { access: "owner" },
  deleteAccountAction: { access: "signed-in" },
  disableSecureTagAction: { access: "owner" },
  // "Check a sticker" (docs/tags.md): counts NOT_OUR_URL in the owner's tag log.
  checkStickerAction: { access: "owner" },
  // The first steps' marks (docs/owner-tools.md, "First steps"): the owner's own business or tag only.
  dismissFirstStepsAction: { access: "owner" },
  endProgramAction: { access: "owner" },
  googleSignInAction: { access: "public" },
  joinBusinessAction: { access: "signed-in" },
  inviteStaffAction: { access: "owner" },
  linkCustomerAction: { access: "owner", counter: true },
  loginAction: { access: "public" },
  // Passkey sign-in (docs/authentication.md, "Passkeys"): the options set this browser's challenge cookie only.
  passkeySignInAction: {
    access: "public",
    note: "a passkey's signature over this browser's challenge is the authorisation",
  },
  passkeySignInOptionsAction: { access: "public", note: "stores nothing: the challenge is in this browser's cookie" },
  lookupRewardCodeAction: { access: "owner", counter: true },
  markTagPreparedAction: { access: "owner" },
  pinSecureTagChipAction: { access: "owner" },
  // The 'Show my QR' overlay's presence token: only ever for the caller's own account.
  qrTokenAction: { access: "signed-in" },
  recordCardVisitAction: { access: "owner", counter: true },
  recordQrVisitAction: { access: "owner", counter: true },
  // Points for what a customer spent: typed at the counter with the customer's live QR, refunded from their card.
  recordPurchaseAction: { access: "owner", counter: true },
  refundPurchaseAction: { access: "owner", counter: true },
  // The review queue (docs/review-queue.md): staff approve and reject; the hold rules are the owner's.
  approveHeldVisitAction: { access: "owner", counter: true },
  rejectHeldVisitAction: { access: "owner", counter: true },
  saveReviewSettingsAction: { access: "owner" },
  recordTapAction: { access: "signed-in" },
  redeemCardRewardAction: { access: "owner", counter: true },
  redeemRewardAction: { access: "owner", counter: true },
  registerCustomerAction: { access: "public" },
  releaseTagAction: { access: "owner" },
  // Only the caller's own passkeys; needs a fresh re-authentication, and never the last way to sign in.
  removePasskeyAction: { access: "signed-in" },
  renameTagAction: { access: "owner" },
  requestResetAction: { access: "public" },
  requestEmailLinkAction: { access: "public", note: "the same answer for every address, under its limits" },
  resendEmailLinkAction: {
    access: "public",
    note: "a mailed sign-in token names the address: a new link goes there only",
  },
  signInWithEmailLinkAction: { access: "public", note: "a mailed one-time sign-in token is the authorisation" },
  requestReauthLinkAction: {
    access: "signed-in",
    note: "mails only an account without a password (the sweep's people have one), at most 3 an hour",
  },
  resubscribeAction: { access: "public", note: "a signed unsubscribe token is the authorisation" },
  revokeStaffAction: { access: "owner" },
  // Where a staff member works (docs/locations.md, "Staff"): the owner's alone.
  setStaffLocationsAction: { access: "owner" },
  // The counter's location on this device: the owner or staff, only a location they work at.
  chooseCounterLocationAction: { access: "owner", counter: true },
  revokeStaffInviteAction: { access: "owner" },
  resendVerificationAction: {
    access: "signed-in",
    note: "with REQUIRE_EMAIL_VERIFICATION off (as the sweep runs) it stores nothing",
  },
  // Saving a passkey to the caller's own account (a guest's keeps its card).
  savePasskeyAction: { access: "signed-in" },
  savePasskeyOptionsAction: { access: "signed-in" },
  saveSecureTagKeysAction: { access: "owner" },
  sendStaffVerificationAction: {
    access: "signed-in",
    note: "mails only to the caller's own unconfirmed address, for an invitation addressed to it",
  },
  setBirthdayAction: { access: "signed-in" },
  setLanguageAction: { access: "signed-in" },
  setNewPasswordAction: { access: "public" },
  setNotificationsAction: { access: "signed-in" },
  setProgramActiveAction: { access: "owner" },
  setUserDisabledAction: { access: "admin" },
  // Secure tag batches (docs/secure-tags.md, "Batches"): made and downloaded by the admin (the key sheet once),
  // activated by an owner for their own business with the batch's one-time code.
  createTagBatchAction: { access: "admin" },
  tagBatchCsvAction: { access: "admin" },
  tagBatchKeysAction: { access: "admin" },
  activateTagBatchAction: { access: "owner" },
  // The wallet's reward notifications: the caller's own browser only.
  subscribePushAction: { access: "signed-in" },
  syncLocaleCookieAction: { access: "signed-in" },
  undoRedemptionAction: { access: "owner", counter: true },
  unsubscribeAction: { access: "public", note: "a signed unsubscribe token is the authorisation" },
  unsubscribePushAction: { access: "signed-in" },
  updateBusinessProfileAction: { access: "owner" },
  // Closed for a season and deleting the business (docs/business-lifecycle.md): the owner's alone;
  // deleting also needs the owner's password (or a fresh confirmation).
  pauseBusinessAction: { access: "owner" },
  reopenBusinessAction: { access: "owner" },
  deleteBusinessAction: { access: "owner" },
  updateProfileAction: { access: "signed-in" },
  updateProgramAction: { access: "owner" },
};
