import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { RootDocument } from "@/components/layout/root-document";
import { isLocale, LOCALES } from "@/lib/i18n/locales";
import { siteMetadata, siteViewport } from "@/lib/i18n/site-metadata";
import "@/app/globals.css";

// The root layout of every page but the visitor's tap page and the public card.
// The proxy puts the reader's language in front of the path (/dashboard is served
// as /es/dashboard; the address bar never shows it), so this layout knows it from
// the URL and the static pages stay static: one prerendered copy per language
// (docs/i18n.md, "A signed-in person's setting, and the static pages").
export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? siteMetadata(locale) : {};
}

export const viewport = siteViewport;

export default async function SiteLayout({ children, params }: Props) {
  const { locale } = await params;
  // Only the proxy writes this segment; /fr/... typed by hand is not a page.
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <RootDocument locale={locale}>{children}</RootDocument>;
}
