import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LegalPageView } from "@/components/content/legal-page";
import { storedLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

// Prerendered per language like /about, and read again from content/terms*.md at
// most every five minutes, so an operator's edit shows without a new build.
export const revalidate = 300;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: storedLocale((await params).locale), namespace: "site.legal" });
  return { title: t("terms.title") };
}

export default async function TermsPage({ params }: Props) {
  const locale = storedLocale((await params).locale);
  setRequestLocale(locale);
  return <LegalPageView page="terms" locale={locale} />;
}
