import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { siteName } from "@/lib/site";
import { requireAdmin } from "./require-admin";
import { SiteHeader } from "@/components/ui/site-header";

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireAdmin();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label="Admin" homeHref="/admin/users" brand={`${siteName} admin`} width="max-w-5xl">
        <Link href="/admin/users" className="hover:underline">
          Users
        </Link>
        <Link href="/dashboard" className="hover:underline">
          Dashboard
        </Link>
      </SiteHeader>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
