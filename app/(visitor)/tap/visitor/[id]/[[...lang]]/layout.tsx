import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { RootDocument } from "@/components/layout/root-document";
import { visitorTapLocale } from "@/lib/tap/visitor-locale";
import { siteMetadata, siteViewport } from "@/lib/i18n/site-metadata";
import "@/app/globals.css";

// The root layout of the visitor's cached tap page: <html lang> is the language the
// URL asks for (the page's switch), else the business's. Read from the same cached
// entries the page reads, never from the request, so the page stays cached
// (docs/i18n.md, "`<html lang>` on cached pages").
type Props = { children: ReactNode; params: Promise<{ id: string; lang?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, lang } = await params;
  return siteMetadata(await visitorTapLocale(id, lang));
}

export const viewport = siteViewport;

export default async function VisitorTapLayout({ children, params }: Props) {
  const { id, lang } = await params;
  const locale = await visitorTapLocale(id, lang);
  setRequestLocale(locale);
  return <RootDocument locale={locale}>{children}</RootDocument>;
}
