import type { Metadata } from "next";
import { PageShell } from "@/components/ui/page-shell";
import { siteName } from "@/lib/site";

// The root layout's title template only applies to child segments, so the
// home page (same segment) spells the suffix out.
export const metadata: Metadata = { title: { absolute: `Coming Soon | ${siteName}` } };

// The home page's purpose is shown only as the title 'Coming Soon'.
export default function HomePage() {
  return (
    <PageShell>
      <section className="flex min-h-[50dvh] items-center justify-center">
        <h1 className="text-center text-4xl font-bold tracking-tight sm:text-5xl">Coming Soon</h1>
      </section>
    </PageShell>
  );
}
