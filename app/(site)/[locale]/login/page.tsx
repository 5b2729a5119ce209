import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { googleEnabled } from "@/lib/auth";
import { redirectSignedInUser } from "@/lib/auth/current-user";
import { GUEST_MERGE_FAILED } from "@/lib/auth/merge-guest";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("login") };
}

type SearchParams = Promise<{ redirect?: string | string[]; error?: string | string[] }>;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectSignedInUser();
  const { redirect, error } = await searchParams;
  // Only a same-origin path survives; anything else falls back to /dashboard.
  const target = safeRedirectPath(redirect);
  const t = await getTranslations("auth.login");
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        {/* The one refusal Auth.js sends here: a Google sign-in whose guest card could not be merged (lib/auth/index.ts). */}
        {error === "AccessDenied" ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {(await getTranslations())(GUEST_MERGE_FAILED)}
          </p>
        ) : null}
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          <LoginForm redirect={target} googleEnabled={googleEnabled} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
