import type { Metadata } from "next";
import { OAuthCallback } from "@/components/auth/oauth-callback";
import { PageShell } from "@/components/ui/page-shell";
import { getCurrentUser } from "@/lib/auth/current-user";
import { safeRedirectPath } from "@/lib/auth/redirects";

export const metadata: Metadata = { title: "Signing in" };

type SearchParams = Promise<{ redirect?: string | string[]; error?: string | string[] }>;

// Return from the identity provider. Auth.js has already set the
// session when the browser gets here, so this page is not bounced by the
// guest-only guard; it finishes a pending business registration, if any,
// and then continues to `redirect` or the dashboard.
export default async function OAuthCallbackPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const user = await getCurrentUser();
  const redirectTo = safeRedirectPath(params.redirect) ?? "/dashboard";
  const error = typeof params.error === "string" ? "Google sign-in failed. Please try again." : null;
  return (
    <PageShell>
      <div className="mx-auto max-w-sm py-10">
        <OAuthCallback signedIn={Boolean(user)} redirectTo={redirectTo} error={error} />
      </div>
    </PageShell>
  );
}
