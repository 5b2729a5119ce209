import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { loadMessages, pickNamespaces } from "@/lib/i18n/messages";

type Props = { locale: Locale; namespaces: readonly string[]; children: ReactNode };

/**
 * Gives the client components below it the messages of `namespaces` only, so the
 * browser gets the strings it shows and not the whole catalog (docs/i18n.md, "Catalogs").
 * next-intl's provider also reads the request's time zone and formats, which reads
 * its headers: fine in the dynamic pages that use it today; a cached or static page
 * must pass those too.
 */
export async function ClientMessages({ locale, namespaces, children }: Props) {
  const messages = pickNamespaces(await loadMessages(locale), namespaces);
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
