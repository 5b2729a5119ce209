import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { RootDocument } from "@/components/layout/root-document";
import { loadPublicCard } from "@/lib/business/card-locale";
import { cardSegment } from "@/lib/business/card-rewrites";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { siteMetadata, siteViewport } from "@/lib/i18n/site-metadata";
import "@/app/globals.css";

// The root layout of the public card: <html lang> is the language of the URL
// (/b/<slug>/<lang>, or the reader's that next.config.ts put in it), else the
// business's, read from the same cached entry as the page, never from the request,
// so the card stays cached (docs/i18n.md).
type Props = { children: ReactNode; params: Promise<{ slug: string; lang?: string[] }> };

async function cardLocale(slug: string, lang: string[] | undefined): Promise<Locale> {
  return cardSegment(lang)?.locale ?? (await loadPublicCard(slug))?.language ?? DEFAULT_LOCALE;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, lang } = await params;
  return siteMetadata(await cardLocale(slug, lang));
}

export const viewport = siteViewport;

export default async function CardLayout({ children, params }: Props) {
  const { slug, lang } = await params;
  const locale = await cardLocale(slug, lang);
  setRequestLocale(locale);
  return <RootDocument locale={locale}>{children}</RootDocument>;
}
