import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LogoutButton } from "@/components/auth/session-sync";
import { SiteShell } from "@/components/layout/site-shell";
import { buttonClass } from "@/components/ui/button";
import { storedLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: storedLocale((await params).locale), namespace: "auth.logout" });
  return { title: t("title"), robots: { index: false } };
}

/**
 * Where GET /logout sends a person: the sign-out button, in the site's look. Opening
 * it signs nobody out (a link or an image elsewhere cannot); only its POST does.
 */
export default async function SignOutPage({ params }: Props) {
  const locale = storedLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "auth.logout" });
  return (
    <SiteShell locale={locale}>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <LogoutButton className={buttonClass("primary")}>{t("submit")}</LogoutButton>
        <p>
          <Link href="/" className="underline">
            {t("home")}
          </Link>
        </p>
      </div>
    </SiteShell>
  );
}
