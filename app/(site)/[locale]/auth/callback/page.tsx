import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { OAuthCallback } from "@/components/auth/oauth-callback";
import { SiteShell } from "@/components/layout/site-shell";
import { getCurrentUser } from "@/lib/auth/current-user";
import { safeRedirectPath } from "@/lib/auth/redirects";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("callback") };
}

type SearchParams = Promise<{ redirect?: string | string[]; error?: string | string[] }>;

// Return from the identity provider. Auth.js has already set the
// session when the browser gets here, so this page is not bounced by the
// guest-only guard; it finishes a pending business registration, if any,
// and then continues to `redirect` or the dashboard.
export default async function OAuthCallbackPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const user = await getCurrentUser();
  const redirectTo = safeRedirectPath(params.redirect) ?? "/dashboard";
  const error = typeof params.error === "string" ? (await getTranslations("auth.callback"))("googleFailed") : null;
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm py-10">
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          <OAuthCallback signedIn={Boolean(user)} redirectTo={redirectTo} error={error} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
