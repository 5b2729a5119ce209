import type { Metadata } from "next";
import { redirect as navigate } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { RegisterForm } from "@/components/auth/register-form";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PageShell } from "@/components/ui/page-shell";
import { googleEnabled } from "@/lib/auth";
import { getCurrentUser } from "@/lib/auth/current-user";
import { storedLocale } from "@/lib/i18n/locales";
import { registrationQuery, type RegistrationSearchParams } from "@/lib/validation/registration";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("register") };
}

export default async function RegisterPage({ searchParams }: { searchParams: RegistrationSearchParams }) {
  const { tapId, redirect } = registrationQuery(await searchParams);
  // Already signed in: nothing to create; continue where the link was going.
  if (await getCurrentUser()) navigate(redirect ?? (tapId ? `/tap?id=${encodeURIComponent(tapId)}` : "/dashboard"));
  const t = await getTranslations("auth.register");
  return (
    <PageShell>
      <div className="mx-auto max-w-md space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{t("heading")}</h1>
          <p className="text-slate-600 dark:text-slate-300">{tapId ? t("introTap") : t("intro")}</p>
        </div>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          <RegisterForm tapId={tapId} redirect={redirect} googleEnabled={googleEnabled} />
        </ClientMessages>
      </div>
    </PageShell>
  );
}
