import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { PageShell } from "@/components/ui/page-shell";
import type { Locale } from "@/lib/i18n/locales";

/** PageShell with its header in `locale`: the public pages of the site (home, about, 404). */
export async function SiteShell({ locale, children }: { locale: Locale; children: ReactNode }) {
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
        colorScheme: { dark: scheme("dark"), light: scheme("light") },
      }}
    >
      {children}
    </PageShell>
  );
}
