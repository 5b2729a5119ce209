import Link from "next/link";
import type { ReactNode } from "react";
import { HeaderAccountLink } from "@/components/auth/header-account-link";
import { ColorSchemeToggle, type ColorSchemeLabels } from "@/components/ui/color-scheme-toggle";
import type { Locale } from "@/lib/i18n/locales";
import { SiteHeader } from "@/components/ui/site-header";

/** The header's words in the page's language (common.nav in the catalog). */
export type PageShellText = {
  main: string;
  about: string;
  logIn: string;
  /** Shown in place of "Log in" to someone signed in (HeaderAccountLink). */
  dashboard: string;
  colorScheme?: ColorSchemeLabels;
};

/**
 * Header + centred content column used by the public pages. `lang` and
 * `text`: a page in another language than the site's English (the public
 * card, in its business's language) names both itself, so a cached page never
 * reads the request; `lang` sits on the outermost element until each public
 * page's root layout writes <html lang> (docs/i18n.md, "Where it stands").
 * (A plain component, not an async one: app/error.tsx, a client component, renders it too.)
 */
export function PageShell({
  children,
  lang,
  text = { main: "Main", about: "About", logIn: "Log in", dashboard: "Dashboard" },
}: {
  children: ReactNode;
  lang?: Locale;
  text?: PageShellText;
}) {
  return (
    <div className="flex min-h-dvh flex-col" lang={lang}>
      <SiteHeader label={text.main} translucent>
        <Link href="/about" className="hover:underline">
          {text.about}
        </Link>
        <HeaderAccountLink text={{ logIn: text.logIn, dashboard: text.dashboard }} />
        <ColorSchemeToggle labels={text.colorScheme} />
      </SiteHeader>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">{children}</main>
    </div>
  );
}
