import Link from "next/link";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { siteName } from "@/lib/site-name";

// The tap pages' frame: the site's name and the page. A module of its own so
// that the tap's error screen (a client component) can use it without taking
// the landing's views along. `lang`: the page's language, on its outermost
// element until each public page's root layout writes <html lang> itself
// (docs/i18n.md, "Where it stands"). `account`: the header's right side, the
// signed-in state ("Dashboard") or "Log in", which the page decides.
export function TapFrame({ children, lang, account }: { children: ReactNode; lang?: Locale; account?: ReactNode }) {
  return (
    <div className="min-h-dvh" lang={lang}>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-xl items-center justify-between px-4 py-3">
          <Link href="/" className="font-semibold text-brand dark:text-indigo-300" prefetch={false}>
            {siteName}
          </Link>
          {account ? <div className="text-sm">{account}</div> : null}
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-6">{children}</main>
    </div>
  );
}
