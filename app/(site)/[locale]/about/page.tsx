import type { Metadata } from "next";
import { PageShell } from "@/components/ui/page-shell";
import { siteName } from "@/lib/site";

export const metadata: Metadata = { title: "About" };

export default function AboutPage() {
  return (
    <PageShell>
      <article className="space-y-4">
        <h1 className="text-3xl font-bold">About {siteName}</h1>
        <p>
          {siteName} is a loyalty service built around physical NFC tags. Businesses claim a tag and run loyalty
          programs; customers tap the tag with their phone, see the business and its programs, and earn stamps, points
          and rewards.
        </p>
        <p>No app to install, no card to carry: one tap at the counter is a visit.</p>
      </article>
    </PageShell>
  );
}
