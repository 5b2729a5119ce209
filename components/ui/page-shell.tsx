import Link from "next/link";
import type { ReactNode } from "react";
import { ColorSchemeToggle } from "@/components/ui/color-scheme-toggle";
import { SiteHeader } from "@/components/ui/site-header";

/** Header + centred content column used by the public pages. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label="Main" translucent>
        <Link href="/about" className="hover:underline">
          About
        </Link>
        <Link href="/login" className="hover:underline">
          Log in
        </Link>
        <ColorSchemeToggle />
      </SiteHeader>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">{children}</main>
    </div>
  );
}
