import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LoginLink } from "@/components/auth/login-link";
import { ClientMessages } from "@/components/i18n/client-messages";
import { storedLocale } from "@/lib/i18n/locales";
import { claimTagPath } from "@/lib/auth/sign-up-paths";
import { SiteShell } from "@/components/layout/site-shell";
import type { ComponentProps } from "react";
import { BusinessWizard } from "./business-wizard";

type Props = ComponentProps<typeof BusinessWizard>;

/** Every namespace the wizard's client components read, validation keys included. */
const WIZARD_NAMESPACES = ["wizard", "auth", "validation", "categories", "errors"] as const;

/** /register/business and /claim/register: the business registration wizard. */
export async function BusinessRegistrationScreen({
  tapId,
  redirect,
  googleEnabled,
  googleSignIn,
  account,
  addBusiness,
}: Props) {
  const t = await getTranslations("wizard");
  const locale = storedLocale(await getLocale());
  return (
    <SiteShell>
      <div className="mx-auto max-w-xl space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <p className="text-slate-600 dark:text-slate-300">{tapId ? t("introTap") : t("intro")}</p>
        </div>
        <ClientMessages locale={locale} namespaces={WIZARD_NAMESPACES}>
          <BusinessWizard
            tapId={tapId}
            redirect={redirect}
            googleEnabled={googleEnabled}
            googleSignIn={googleSignIn}
            account={account}
            addBusiness={addBusiness}
          />
        </ClientMessages>
        {/* An owner who already has an account logs in and lands on the claim form with this tag. */}
        {account ? null : <LoginLink redirect={redirect ?? (tapId ? claimTagPath(tapId) : null)} />}
        <p className="text-center text-xs text-slate-500 dark:text-slate-400">
          {t.rich("terms", {
            terms: (words) => (
              <Link href="/terms" className="underline hover:text-slate-900 dark:hover:text-slate-100">
                {words}
              </Link>
            ),
            privacy: (words) => (
              <Link href="/privacy" className="underline hover:text-slate-900 dark:hover:text-slate-100">
                {words}
              </Link>
            ),
          })}
        </p>
      </div>
    </SiteShell>
  );
}
