import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { requestLocale } from "@/components/admin/admin-locale";
import { LogoutButton } from "@/components/auth/session-sync";
import { ClientMessages } from "@/components/i18n/client-messages";
import { siteName } from "@/lib/site";
import { requireAdmin } from "./require-admin";
import { SiteHeader } from "@/components/ui/site-header";

export const metadata: Metadata = { robots: { index: false, follow: false } };

// The admin pages are in the admin's own language; the client islands below
// (the disable button, the error screen) get the `admin` messages.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireAdmin();
  const [t, nav] = await Promise.all([getTranslations("admin.nav"), getTranslations("common.nav")]);
  return (
    <ClientMessages locale={await requestLocale()} namespaces={["admin"]}>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader label={t("label")} homeHref="/admin/users" brand={t("brand", { site: siteName })} width="max-w-5xl">
          <Link href="/admin/users" className="hover:underline">
            {t("users")}
          </Link>
          <Link href="/admin/batches" className="hover:underline">
            {t("batches")}
          </Link>
          <Link href="/dashboard" className="hover:underline">
            {t("dashboard")}
          </Link>
          <LogoutButton className="cursor-pointer whitespace-nowrap hover:underline">{nav("logOut")}</LogoutButton>
        </SiteHeader>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">{children}</main>
      </div>
    </ClientMessages>
  );
}
