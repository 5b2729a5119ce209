"use client";

import type { ReactNode } from "react";
import { localeCookieString } from "@/lib/i18n/locale-cookie";
import type { Locale } from "@/lib/i18n/locales";

type Props = { locale: Locale; href: string; className?: string; children: ReactNode };

/**
 * One language of a visitor page's switch: a plain link to that language's page
 * that also remembers the choice in the locale cookie, which the visitor pages'
 * rewrites read first (docs/i18n.md). Without script the link still opens the
 * language's page; only the remembering is lost.
 */
export function LanguageLink({ locale, href, className, children }: Props) {
  return (
    <a
      href={href}
      hrefLang={locale}
      lang={locale}
      className={className}
      onClick={() => {
        document.cookie = localeCookieString(locale, window.location.protocol === "https:");
      }}
    >
      {children}
    </a>
  );
}
