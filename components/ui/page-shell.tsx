import Link from "next/link";
import type { ReactNode } from "react";
import { siteName } from "@/lib/site";
import { ColorSchemeToggle } from "@/components/ui/color-scheme-toggle";

/** Header + centred content column used by the public pages. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
        <nav className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3" aria-label="Main">
          <Link href="/" className="text-lg font-semibold text-brand dark:text-indigo-300">
            {siteName}
          </Link>
          <div className="flex items-center gap-4 text-sm">
            <Link href="/about" className="hover:underline">
              About
            </Link>
            <Link href="/login" className="hover:underline">
              Log in
            </Link>
            <ColorSchemeToggle />
          </div>
        </nav>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">{children}</main>
    </div>
  );
}
