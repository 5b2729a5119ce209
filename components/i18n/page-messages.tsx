import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { storedLocale } from "@/lib/i18n/locales";
import { clientMessagesJson } from "@/lib/i18n/messages";
import { PageMessagesProvider } from "./page-messages-provider";

type Props = { namespaces: readonly string[]; children: ReactNode };

/**
 * Adds the messages of `namespaces` to those of the ClientMessages above it (the
 * dashboard's layout sends its shell's): a page sends only what its own client
 * components use, so each page's payload carries its own strings and the
 * shell's, not every dashboard page's (docs/i18n.md, "Catalogs"). Must sit
 * below a ClientMessages; the locale is the request's, as the layout's.
 */
export async function PageMessages({ namespaces, children }: Props) {
  const json = await clientMessagesJson(storedLocale(await getLocale()), namespaces);
  return <PageMessagesProvider json={json}>{children}</PageMessagesProvider>;
}

/**
 * A page whose client components get `namespaces` on top of the shell's: the
 * page's default export is `withPageMessages(CLIENT_NAMESPACES, Page)`, its list in
 * the `client-namespaces.ts` beside it (tests/unit/client-namespaces.test.ts checks
 * the list covers what the page's client components translate).
 */
export function withPageMessages<P extends object>(
  namespaces: readonly string[],
  Page: (props: P) => Promise<ReactNode>,
) {
  return async function PageWithMessages(props: P) {
    return (
      <PageMessages namespaces={namespaces}>
        <Page {...props} />
      </PageMessages>
    );
  };
}
