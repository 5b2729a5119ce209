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

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label="Dashboard" homeHref="/dashboard" width="max-w-4xl">
        <span className="text-slate-600 dark:text-slate-300">{user.firstName ?? user.name ?? user.email}</span>
        <HeaderQrButton userId={user.id} />
        <Link href="/dashboard/settings" className="hover:underline">
          Settings
        </Link>
        <LogoutButton className="cursor-pointer hover:underline">Log out</LogoutButton>
      </SiteHeader>
      {/* On narrow screens the fixed bottom bar covers the last 5rem: keep content clear of it. */}
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 [@media(max-width:768px)]:pb-32">
        {emailVerificationRequired() && user.email && !user.emailVerified ? (
          <VerifyEmailNotice email={user.email} />
        ) : null}
        {children}
      </main>
      <BottomNav userId={user.id} />
      <SessionSync userId={user.id} />
      <PwaSetup />
    </div>
  );
}
