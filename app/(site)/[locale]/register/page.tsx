import type { Metadata } from "next";
import { redirect as navigate } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AUTH_CLIENT_NAMESPACES } from "@/components/auth/client-namespaces";
import { JoinBusinessButton } from "@/components/auth/join-business-button";
import { RegisterForm } from "@/components/auth/register-form";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { googleEnabled } from "@/lib/auth";
import { getCurrentUser } from "@/lib/auth/current-user";
import { signUpBusiness } from "@/lib/auth/sign-up-business";
import { signUpLanding } from "@/lib/auth/sign-up-paths";
import { storedLocale } from "@/lib/i18n/locales";
import { registrationQuery, type RegistrationSearchParams } from "@/lib/validation/registration";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.titles"))("register") };
}

export default async function RegisterPage({ searchParams }: { searchParams: RegistrationSearchParams }) {
  const { tapId, redirect, businessSlug, email } = registrationQuery(await searchParams);
  const t = await getTranslations("auth.register");
  // The café is named from the tag or the card's slug, read here: never from a name in the address.
  const business = await signUpBusiness({ tapId, businessSlug });
  // A guest card's device registers to keep its card (the registration merges it): it stays here.
  const viewer = await getCurrentUser();
  if (viewer && !viewer.guest) {
    // Signed in from a card (or back from Google): one tap adds its business to the wallet.
    if (business && !tapId) return <JoinBusinessPage name={business.name} slug={business.slug} />;
    // Otherwise there is nothing to create; continue where the link was going.
    navigate(signUpLanding({ redirect, tapId, joined: false }));
  }
  const intro = business ? t("introAt", { name: business.name }) : tapId ? t("introTap") : t("intro");
  return (
    <SiteShell>
      <div className="mx-auto max-w-md space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{t("heading")}</h1>
          <p className="text-slate-600 dark:text-slate-300">{intro}</p>
        </div>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          <RegisterForm
            tapId={tapId}
            businessSlug={tapId ? null : (business?.slug ?? null)}
            redirect={redirect}
            googleEnabled={googleEnabled}
            email={email}
          />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}

async function JoinBusinessPage({ name, slug }: { name: string; slug: string }) {
  const t = await getTranslations("auth.register");
  return (
    <SiteShell>
      <div className="mx-auto max-w-md space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">{t("joinHeading", { name })}</h1>
          <p className="text-slate-600 dark:text-slate-300">{t("joinIntro")}</p>
        </div>
        <ClientMessages locale={storedLocale(await getLocale())} namespaces={AUTH_CLIENT_NAMESPACES}>
          <JoinBusinessButton slug={slug} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
