import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { ConfirmIdentityForm } from "@/components/auth/confirm-identity-form";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { buttonClass } from "@/components/ui/button";
import { reauthenticationLinkUsable } from "@/lib/auth/reauthentication";
import { requestNow } from "@/lib/clock";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("confirmIdentity") };
}

/**
 * The link of the re-authentication mail (docs/authentication.md,
 * "Re-authentication for sensitive actions"). Opening it spends nothing; its
 * button confirms.
 */
export default async function ConfirmIdentityPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const valid = typeof token === "string" && token.length >= 10 && token.length <= 200;
  const usable = valid ? await reauthenticationLinkUsable(token, requestNow(await headers())) : false;
  const t = await getTranslations("auth.confirmIdentity");
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{usable ? t("heading") : t("failedHeading")}</h1>
        {usable ? (
          <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
            <ConfirmIdentityForm token={token as string} />
          </ClientMessages>
        ) : (
          <>
            <p role="status" className="text-slate-600 dark:text-slate-300">
              {t("failed")}
            </p>
            <Link href="/dashboard/settings" className={buttonClass("primary")}>
              {t("settings")}
            </Link>
          </>
        )}
      </div>
    </SiteShell>
  );
}
