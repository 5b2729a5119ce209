import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { PageShell } from "@/components/ui/page-shell";
import { googleEnabled } from "@/lib/auth";
import { redirectSignedInUser } from "@/lib/auth/current-user";
import { safeRedirectPath } from "@/lib/auth/redirects";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirect?: string | string[] }> }) {
  await redirectSignedInUser();
  const { redirect } = await searchParams;
  // Only a same-origin path survives; anything else falls back to /dashboard.
  const target = safeRedirectPath(redirect);
  return (
    <PageShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">Log in</h1>
        <LoginForm redirect={target} googleEnabled={googleEnabled} />
      </div>
    </PageShell>
  );
}
