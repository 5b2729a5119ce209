import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { PageShell } from "@/components/layout/page-shell";
import type { Locale } from "@/lib/i18n/locales";

/**
 * PageShell with its header in `locale` (by default the request's): the public
 * pages of the site (home, about, log-in, sign-up, 404).
 */
export async function SiteShell({ locale: given, children }: { locale?: Locale; children: ReactNode }) {
  const locale = given ?? ((await getLocale()) as Locale);
  const [nav, scheme] = await Promise.all([
    getTranslations({ locale, namespace: "common.nav" }),
    getTranslations({ locale, namespace: "common.colorScheme" }),
  ]);
  return (
    <PageShell
      text={{
        main: nav("main"),
        about: nav("about"),
        logIn: nav("logIn"),
        dashboard: nav("dashboard"),
        colorScheme: { dark: scheme("dark"), light: scheme("light") },
      }}
    >
      {children}
    </PageShell>
  );
}
