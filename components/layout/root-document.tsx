import type { ReactNode } from "react";
import ca from "@/messages/ca/common.json";
import en from "@/messages/en/common.json";
import es from "@/messages/es/common.json";
import caErrors from "@/messages/ca/errors.json";
import enErrors from "@/messages/en/errors.json";
import esErrors from "@/messages/es/errors.json";
import type { ErrorText } from "@/components/i18n/error-text";
import { ERROR_TEXT_ELEMENT_ID } from "@/components/i18n/error-text-data";
import { ColorSchemeSync } from "@/components/layout/color-scheme-sync";
import { SiteFooter } from "@/components/layout/site-footer";
import { Toaster, type ToasterText } from "@/components/ui/toaster";
import { colorSchemeScript } from "@/lib/color-scheme";
import { inlineScriptJson } from "@/lib/http/inline-json";
import { cspBrowserScript } from "@/lib/csp-browser";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The document every root layout renders (the site, the visitor's tap page and the
 * public card each have their own root layout, so each can name its language from
 * its URL and stay cached: docs/i18n.md). Each root layout imports app/globals.css.
 * Every page ends with the site footer (the terms and the privacy policy), in `locale`.
 */
// The toasts' words (common.toast) in each language, straight from the catalogs: the
// root document needs no request to read them (global-not-found has none to give).
const TOAST_TEXT: Record<Locale, ToasterText> = { en: en.toast, es: es.toast, ca: ca.toast };
// The error screens' words (errors.page), written into the page for useErrorText: the
// browser gets its page's language only, in the HTML, rather than every language in the
// error boundaries' code (docs/performance.md).
const ERROR_TEXT: Record<Locale, ErrorText> = { en: enErrors.page, es: esErrors.page, ca: caErrors.page };

export function RootDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    // The inline script may add the "dark" class before hydration.
    <html lang={locale} suppressHydrationWarning>
      {/* eslint-disable-next-line @next/next/no-head-element -- next/head is the Pages Router's; a root layout writes <head> */}
      <head>
        <script dangerouslySetInnerHTML={{ __html: colorSchemeScript + cspBrowserScript }} />
      </head>
      <body className="min-h-dvh font-sans">
        {/* Data, never run; escaped so no text can end the script. */}
        <script
          type="application/json"
          id={ERROR_TEXT_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: inlineScriptJson(ERROR_TEXT[locale]) }}
        />
        <ColorSchemeSync />
        {children}
        <SiteFooter locale={locale} />
        <Toaster text={TOAST_TEXT[locale]} />
      </body>
    </html>
  );
}
