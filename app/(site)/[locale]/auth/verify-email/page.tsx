import type { Metadata } from "next";
import Link from "next/link";
import { PageShell } from "@/components/ui/page-shell";
import { buttonClass } from "@/components/ui/button";
import { verifyEmailWithToken } from "@/lib/auth/email-verification";

export const metadata: Metadata = { title: "Confirm your email" };

/** The link of the confirmation mail: spends the one-time token and marks the account's email as confirmed. */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const valid = typeof token === "string" && token.length >= 10 && token.length <= 200;
  const confirmed = valid ? await verifyEmailWithToken(token) : false;
  return (
    <PageShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{confirmed ? "Email confirmed" : "This link does not work"}</h1>
        <p role="status" className="text-slate-600 dark:text-slate-300">
          {confirmed
            ? "Thank you. Your taps now earn stamps, points and rewards."
            : "This confirmation link is invalid, has expired or was already used. Sign in and ask for a new one from your dashboard."}
        </p>
        <Link href="/dashboard" className={buttonClass("primary")}>
          Go to the dashboard
        </Link>
      </div>
    </PageShell>
  );
}
