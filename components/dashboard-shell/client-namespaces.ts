/**
 * What the dashboard shell's own client components show, on every dashboard page
 * (its layout's ClientMessages). A page adds what its own client components use
 * with withPageMessages (components/i18n/page-messages.tsx), whose provider merges
 * the page's messages over these: each page's list, in the `client-namespaces.ts`
 * beside it, names only what it adds (docs/i18n.md, "Catalogs").
 * tests/unit/client-namespaces.test.ts checks both cover what the components translate.
 */
export const DASHBOARD_CLIENT_NAMESPACES = [
  // BottomNav and HeaderQrButton: the tabs, the QR button and the QR dialog (ShowQrDialog).
  "common.nav",
  "dashboard.nav",
  "dashboard.qr",
  // PwaSetup's install banner.
  "dashboard.install",
  // VerifyEmailNotice's resend button.
  "auth.verifyNotice",
  // The dashboard's error screen (its error.tsx): its link back to the dashboard.
  "dashboard.backToDashboard",
] as const;
