import type { ReactNode } from "react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LogoutButton, SessionSync } from "@/components/auth/session-sync";
import { BottomNav } from "@/components/dashboard-shell/bottom-nav";
import { HeaderQrButton } from "@/components/dashboard-shell/header-qr-button";
import { PwaSetup } from "@/components/pwa/pwa-setup";
import { VerifyEmailNotice } from "@/components/auth/verify-email-notice";
import { LocaleCookieSync } from "@/components/settings/locale-cookie-sync";
import { requireUser } from "@/lib/auth/current-user";
import { readyRewardsByBusiness } from "@/lib/db/rewards";
import { emailVerificationRequired } from "@/lib/auth/email-verification";
import { SiteHeader } from "@/components/ui/site-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { DASHBOARD_CLIENT_NAMESPACES } from "@/components/dashboard-shell/client-namespaces";
import { storedLocale, type Locale } from "@/lib/i18n/locales";
import { qrTokenAction } from "@/lib/actions/dashboard";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  // The Rewards tab's badge; the home page reads the same statement's rows (React's per-request cache).
  const ready = await readyRewardsByBusiness(user.id);
  const readyCount = ready.reduce((sum, b) => sum + b.count, 0);
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations("common.nav");
  // The account's language is the truth: a missing or stale cookie (changed on
  // another device) is set again, and the page renders once more in it.
  const stale = storedLocale(user.language) !== locale;
  return (
    <ClientMessages locale={locale} namespaces={DASHBOARD_CLIENT_NAMESPACES}>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader label={t("dashboard")} homeHref="/dashboard" width="max-w-4xl">
          {/* On a phone the links need the room (a Catalan "Tanca la sessió" is long): the name gives way. */}
          <span className="min-w-0 truncate text-slate-600 dark:text-slate-300 [@media(max-width:400px)]:hidden">
            {user.firstName ?? user.name ?? user.email}
          </span>
          <HeaderQrButton userId={user.id} tokenSource={qrTokenAction} />
          <Link href="/dashboard/settings" className="whitespace-nowrap hover:underline">
            {t("settings")}
          </Link>
          {/* A guest card lives on this device's session: logging out would lose it (it is kept from the banner). */}
          {user.guest ? null : (
            <LogoutButton className="cursor-pointer whitespace-nowrap hover:underline">{t("logOut")}</LogoutButton>
          )}
        </SiteHeader>
        {/* On narrow screens the fixed bottom bar covers the last 5rem: keep content clear of it. */}
        <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 [@media(max-width:768px)]:pb-32">
          {emailVerificationRequired() && user.email && !user.emailVerified ? (
            <VerifyEmailNotice email={user.email} />
          ) : null}
          {children}
        </main>
        <BottomNav userId={user.id} tokenSource={qrTokenAction} readyRewards={readyCount} />
        <SessionSync userId={user.id} />
        <PwaSetup />
        {stale ? <LocaleCookieSync /> : null}
      </div>
    </ClientMessages>
  );
}
