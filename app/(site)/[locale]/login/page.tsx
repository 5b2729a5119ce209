import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { googleEnabled } from "@/lib/auth";
import { redirectSignedInUser } from "@/lib/auth/current-user";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("login") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirect?: string | string[] }> }) {
  await redirectSignedInUser();
  const { redirect } = await searchParams;
  // Only a same-origin path survives; anything else falls back to /dashboard.
  const target = safeRedirectPath(redirect);
  const t = await getTranslations("auth.login");
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          <LoginForm redirect={target} googleEnabled={googleEnabled} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
