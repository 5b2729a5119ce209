"use client";

import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";

// Imports nothing at run time: lib/i18n/locales.ts brings zod, which a visitor's
// tap page must not load for one cookie. The server spells the cookie out.
type Props = {
  locale: Locale;
  href: string;
  /** The `document.cookie` assignment that remembers this language (localeCookieString). */
  cookie: string;
  className?: string;
  children: ReactNode;
};

/**
 * One language of a visitor page's switch: a plain link to that language's page
 * that also remembers the choice in the locale cookie, which the visitor pages'
 * rewrites read first (docs/i18n.md). Without script the link still opens the
 * language's page; only the remembering is lost.
 */
export function LanguageLink({ locale, href, cookie, className, children }: Props) {
  return (
    <a
      href={href}
      hrefLang={locale}
      lang={locale}
      className={className}
      onClick={() => {
        document.cookie = cookie;
      }}
    >
      {children}
    </a>
  );
}
