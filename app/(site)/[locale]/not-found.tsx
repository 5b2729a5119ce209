import Link from "next/link";
import { PageShell } from "@/components/ui/page-shell";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <PageShell>
      <section className="space-y-4 text-center">
        <p className="text-sm font-semibold text-brand">404</p>
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="text-slate-600 dark:text-slate-400">The page you are looking for does not exist or has moved.</p>
        <Link
          href="/"
          className="inline-block rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-strong"
        >
          Go home
        </Link>
      </section>
    </PageShell>
  );
}
