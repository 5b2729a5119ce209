"use client";

import { useSyncExternalStore } from "react";
import ca from "@/messages/ca/errors.json";
import en from "@/messages/en/errors.json";
import es from "@/messages/es/errors.json";

// Not lib/i18n/locales: that module brings zod into every page's error chunk.
type Locale = "en" | "es" | "ca";

// The words of an error screen. An error boundary renders on the client when a
// server render failed, possibly with no message provider above it (the root
// layout itself, the cached visitor page), so it reads the page's language from
// <html lang>, which every root layout writes, and carries its few words itself.

export type ErrorText = (typeof en)["page"];

const TEXT: Record<Locale, ErrorText> = { en: en.page, es: es.page, ca: ca.page };

const documentLocale = (): Locale => {
  const lang = document.documentElement.lang;
  return lang === "es" || lang === "ca" ? lang : "en";
};

/** The error screen's words in the page's language (English before hydration and on the server). */
export function useErrorText(): ErrorText {
  const locale = useSyncExternalStore(
    () => () => {},
    documentLocale,
    () => "en" as Locale,
  );
  return TEXT[locale];
}
