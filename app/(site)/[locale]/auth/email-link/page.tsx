import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { EmailLinkRefused, EmailLinkSignIn } from "@/components/auth/email-link-sign-in";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { emailLinkState, isEmailLinkToken } from "@/lib/auth/email-link";
import { requestNow } from "@/lib/clock";
import { storedLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("emailLink") };
}

/**
 * The link of the sign-in mail (docs/authentication.md, "Signing in with an
 * emailed link"). Opening it spends nothing; its form, which sends itself,
 * signs in. A used or expired link offers to send a new one to its address.
 */
export default async function EmailLinkPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const state = isEmailLinkToken(token) ? await emailLinkState(token, requestNow(await headers())) : "unknown";
  const t = await getTranslations("auth.emailLink");
  return (
    <SiteShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{state === "usable" ? t("openHeading") : t("invalidHeading")}</h1>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          {state === "usable" ? (
            <EmailLinkSignIn token={token as string} />
          ) : (
            <EmailLinkRefused token={state === "spent" ? (token as string) : null} />
          )}
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
