import { getTimeZone } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { clientMessagesJson } from "@/lib/i18n/messages";
import { MessagesProvider } from "./messages-provider";

type Props = { locale: Locale; namespaces: readonly string[]; children: ReactNode };

/**
 * Gives the client components below it the messages of `namespaces` only, so the
 * browser gets the strings it shows and not the whole catalog (docs/i18n.md, "Catalogs").
 *
 * The messages travel as one JSON text, built once per locale and namespaces, and
 * are parsed in the provider: React's payload carries a long text as it is, where
 * an object of a thousand messages would be walked key by key on every request,
 * once to send it and once more to render the HTML (the dashboard's messages are
 * most of its page).
 *
 * The time zone is next-intl's request config's (lib/i18n/request.ts sets no
 * formats and no fixed `now`, so none are passed); reading it reads the request's
 * headers: fine in the dynamic pages that use it today; a cached or static page
 * must pass it too.
 */
export async function ClientMessages({ locale, namespaces, children }: Props) {
  const [json, timeZone] = await Promise.all([clientMessagesJson(locale, namespaces), getTimeZone()]);
  return (
    <MessagesProvider locale={locale} json={json} timeZone={timeZone}>
      {children}
    </MessagesProvider>
  );
}
