"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { activeTabHref, DASHBOARD_TABS, type DashboardTab } from "@/components/dashboard-shell/nav-items";
import { ShowQrDialog, type QrTokenSource } from "@/components/dashboard-shell/show-qr-dialog";
import { cn } from "@/lib/utils";

const icons: Record<DashboardTab["label"], string> = {
  Home: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  Wallet: "M3 7a2 2 0 0 1 2-2h13v4h1a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm13 6h3",
  Rewards: "M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8L3.5 9.2l5.9-.9z",
  Settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.4 7.4 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.4 7.4 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z",
};

// The tab's name in the catalog (common.nav), sent to the browser by the dashboard layout.
const messageKeys = {
  Home: "home",
  Wallet: "wallet",
  Rewards: "rewards",
  Settings: "settings",
} as const satisfies Record<DashboardTab["label"], string>;

function TabLink({ tab, active, ready = 0 }: { tab: DashboardTab; active: boolean; ready?: number }) {
  const t = useTranslations("common.nav");
  const nav = useTranslations("dashboard.nav");
  const label = t(messageKeys[tab.label]);
  return (
    <Link
      href={tab.href}
      aria-current={active ? "page" : undefined}
      // The badge's number is in the tab's name ("Rewards, 1 ready"), not read out as a bare "1".
      aria-label={ready > 0 ? nav("withReady", { label, count: ready }) : undefined}
      className={cn(
        // min-w-0 and the label's truncate keep a long name ("Configuració") inside its tab at 375 px.
        "flex min-w-0 flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium tracking-tight min-[400px]:text-xs min-[400px]:tracking-normal",
        active ? "text-brand dark:text-indigo-300" : "text-slate-500 dark:text-slate-400",
      )}
    >
      <span className="relative">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinejoin="round"
        >
          <path d={icons[tab.label]} />
        </svg>
        {ready > 0 ? (
          <span
            aria-hidden="true"
            data-testid="tab-badge"
            className="absolute -top-1.5 -right-2.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {ready > 99 ? "99+" : ready}
          </span>
        ) : null}
      </span>
      <span className="max-w-full truncate px-0.5">{label}</span>
    </Link>
  );
}

/**
 * Bottom navigation: only at 768px wide or less. It lives in the
 * dashboard layout, so it only ever shows to a signed-in user on /dashboard*.
 * The media query is written out because Tailwind's `max-md` excludes 768px.
 */
export function BottomNav({
  userId,
  tokenSource,
  readyRewards = 0,
}: {
  userId: string;
  tokenSource: QrTokenSource;
  /** The customer's rewards ready to redeem: the Rewards tab's badge. */
  readyRewards?: number;
}) {
  const pathname = usePathname();
  const active = activeTabHref(pathname);
  const t = useTranslations("dashboard.nav");
  const [home, wallet, rewards, settings] = DASHBOARD_TABS as [DashboardTab, DashboardTab, DashboardTab, DashboardTab];
  return (
    <nav
      aria-label={t("tabs")}
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 hidden border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900 [@media(max-width:768px)]:block"
    >
      <div className="mx-auto flex max-w-lg items-end">
        <TabLink tab={home} active={active === home.href} />
        <TabLink tab={wallet} active={active === wallet.href} />
        <div className="flex w-16 flex-none justify-center">
          <ShowQrDialog
            userId={userId}
            tokenSource={tokenSource}
            trigger={
              <button
                type="button"
                aria-label={t("showQr")}
                className="-mt-6 flex h-16 w-16 items-center justify-center rounded-full bg-brand text-white shadow-lg ring-4 ring-white hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:ring-slate-900"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor">
                  <path d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm8-2h3v3h-3zm3 3h3v3h-3zm-3 3h3v2h-3zm5-6h3v3h-3zm0 6h3v2h-3z" />
                </svg>
              </button>
            }
          />
        </div>
        <TabLink tab={rewards} active={active === rewards.href} ready={readyRewards} />
        <TabLink tab={settings} active={active === settings.href} />
      </div>
    </nav>
  );
}
