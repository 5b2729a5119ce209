import { QR_TOKEN_PARAM } from "@/lib/qr/timing";

// Dashboard sub-tabs, shared by the bottom navigation and its tests.

export type DashboardTab = { label: "Home" | "Wallet" | "Rewards" | "Settings"; href: string };

export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { label: "Home", href: "/dashboard" },
  { label: "Wallet", href: "/dashboard/wallet" },
  { label: "Rewards", href: "/dashboard/rewards" },
  { label: "Settings", href: "/dashboard/settings" },
];

/**
 * The tab a path belongs to: Home only for /dashboard itself, the others for
 * their path and anything below it. Other dashboard pages (a business, a
 * program) belong to no tab.
 */
export function activeTabHref(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/dashboard") return "/dashboard";
  const tab = DASHBOARD_TABS.find((t) => t.href !== "/dashboard" && (path === t.href || path.startsWith(t.href + "/")));
  return tab?.href ?? null;
}

/**
 * The address a customer's QR code encodes: /qr/{userId} on the app's own
 * origin, with the presence token when there is one (docs/authentication.md,
 * "QR presence tokens").
 */
export function qrUrlFor(origin: string, userId: string, token?: string | null): string {
  const base = `${origin.replace(/\/+$/, "")}/qr/${encodeURIComponent(userId)}`;
  return token ? `${base}?${QR_TOKEN_PARAM}=${encodeURIComponent(token)}` : base;
}
