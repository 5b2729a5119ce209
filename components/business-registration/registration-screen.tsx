import { getLocale, getTranslations } from "next-intl/server";
import { LoginLink } from "@/components/auth/login-link";
import { ClientMessages } from "@/components/i18n/client-messages";
import { storedLocale } from "@/lib/i18n/locales";
import { PageShell } from "@/components/ui/page-shell";
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
    <PageShell>
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
        {account ? null : <LoginLink redirect={redirect} />}
        <p className="text-center text-xs text-slate-500 dark:text-slate-400">{t("terms")}</p>
      </div>
    </PageShell>
  );
}
