import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NewPasswordForm, RequestResetForm } from "@/components/auth/reset-forms";
import { SiteShell } from "@/components/layout/site-shell";
import { resetLinkUsable } from "@/lib/auth/password-reset";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("reset") };
}

export default async function ResetPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const resetToken = typeof token === "string" && token.length <= 200 ? token : null;
  // The link is checked on load, as the email-confirmation link is: an unknown,
  // used or expired one shows why and the form that mails a new link, never
  // the password form (setting the password still re-checks it).
  const usable = resetToken !== null && (await resetLinkUsable(resetToken));
  const dead = token !== undefined && !usable;
  const t = await getTranslations("auth.reset");
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{usable ? t("newHeading") : dead ? t("deadHeading") : t("heading")}</h1>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          {usable ? (
            <NewPasswordForm token={resetToken} />
          ) : (
            <>
              {dead ? (
                <p role="alert" className="text-slate-700 dark:text-slate-200">
                  {t("dead")}
                </p>
              ) : (
                <p className="text-slate-600 dark:text-slate-300">{t("intro")}</p>
              )}
              <RequestResetForm />
            </>
          )}
        </ClientMessages>
        <p className="text-center text-sm">
          <Link href="/login" className="text-brand underline dark:text-indigo-300">
            {t("backToLogin")}
          </Link>
        </p>
      </div>
    </SiteShell>
  );
}
