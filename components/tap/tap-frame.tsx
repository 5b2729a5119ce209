import Link from "next/link";
import type { ReactNode } from "react";
import { siteName } from "@/lib/site-name";

// The tap pages' frame: the site's name and the page. A module of its own so
// that the tap's error screen (a client component) can use it without taking
// the landing's views along.
export function TapFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-xl items-center justify-between px-4 py-3">
          <Link href="/" className="font-semibold text-brand dark:text-indigo-300" prefetch={false}>
            {siteName}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-6">{children}</main>
    </div>
  );
}
