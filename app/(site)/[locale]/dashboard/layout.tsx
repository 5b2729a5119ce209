import type { ReactNode } from "react";
import Link from "next/link";
import { LogoutButton, SessionSync } from "@/components/auth/session-sync";
import { BottomNav } from "@/components/dashboard-shell/bottom-nav";
import { HeaderQrButton } from "@/components/dashboard-shell/header-qr-button";
import { PwaSetup } from "@/components/pwa/pwa-setup";
import { VerifyEmailNotice } from "@/components/auth/verify-email-notice";
import { requireUser } from "@/lib/auth/current-user";
import { emailVerificationRequired } from "@/lib/auth/email-verification";
import { SiteHeader } from "@/components/ui/site-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { getTranslations } from "next-intl/server";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  // English until people have a language setting of their own (docs/i18n.md):
  // naming the locale keeps the request's cookies and Accept-Language out of it.
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: "common.nav" });
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label="Dashboard" homeHref="/dashboard" width="max-w-4xl">
        <span className="text-slate-600 dark:text-slate-300">{user.firstName ?? user.name ?? user.email}</span>
        <HeaderQrButton userId={user.id} />
        <Link href="/dashboard/settings" className="hover:underline">
          {t("settings")}
        </Link>
        <LogoutButton className="cursor-pointer hover:underline">{t("logOut")}</LogoutButton>
      </SiteHeader>
      {/* On narrow screens the fixed bottom bar covers the last 5rem: keep content clear of it. */}
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 [@media(max-width:768px)]:pb-32">
        {emailVerificationRequired() && user.email && !user.emailVerified ? (
          <VerifyEmailNotice email={user.email} />
        ) : null}
        {children}
      </main>
      <ClientMessages locale={DEFAULT_LOCALE} namespaces={["common"]}>
        <BottomNav userId={user.id} />
      </ClientMessages>
      <SessionSync userId={user.id} />
      <PwaSetup />
    </div>
  );
}
