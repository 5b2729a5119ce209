import Link from "next/link";
import { PageShell } from "@/components/ui/page-shell";

export default function BusinessNotFound() {
  return (
    <PageShell>
      <section className="space-y-4 text-center">
        <p className="text-sm font-semibold text-brand">404</p>
        <h1 className="text-3xl font-bold">Business not found</h1>
        <p className="text-slate-600 dark:text-slate-400">This business card does not exist or is no longer public.</p>
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
