import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { siteName } from "@/lib/site";
import { requireAdmin } from "./require-admin";

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireAdmin();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <nav className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3" aria-label="Admin">
          <Link href="/admin/users" className="text-lg font-semibold text-brand dark:text-indigo-300">
            {siteName} admin
          </Link>
          <div className="flex items-center gap-4 text-sm">
            <Link href="/admin/users" className="hover:underline">
              Users
            </Link>
            <Link href="/dashboard" className="hover:underline">
              Dashboard
            </Link>
          </div>
        </nav>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
