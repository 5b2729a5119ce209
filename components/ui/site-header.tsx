import Link from "next/link";
import type { ReactNode } from "react";
import { siteName } from "@/lib/site-name";
import { cn } from "@/lib/utils";

type Props = {
  /** The navigation landmark's name ("Main", "Dashboard", "Admin"). */
  label: string;
  homeHref?: string;
  brand?: string;
  /** Width of the header row, matching the page's column (a max-w-* class). */
  width?: string;
  /** Translucent over scrolled content (public pages). */
  translucent?: boolean;
  /** The links and controls on the right. */
  children: ReactNode;
};

/** The top bar of every page: the brand on the left, links on the right. */
export function SiteHeader({
  label,
  homeHref = "/",
  brand = siteName,
  width = "max-w-3xl",
  translucent = false,
  children,
}: Props) {
  return (
    <header
      className={cn(
        "border-b border-slate-200 dark:border-slate-800",
        translucent ? "bg-white/80 backdrop-blur dark:bg-slate-900/80" : "bg-white dark:bg-slate-900",
      )}
    >
      <nav className={cn("mx-auto flex items-center justify-between px-4 py-3", width)} aria-label={label}>
        <Link href={homeHref} className="text-lg font-semibold text-brand dark:text-indigo-300">
          {brand}
        </Link>
        <div className="flex items-center gap-4 text-sm">{children}</div>
      </nav>
    </header>
  );
}
