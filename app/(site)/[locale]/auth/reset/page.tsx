import type { Metadata } from "next";
import { NewPasswordForm, RequestResetForm } from "@/components/auth/reset-forms";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = { title: "Reset your password" };

export default async function ResetPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const resetToken = typeof token === "string" && token.length <= 200 ? token : null;
  return (
    <PageShell>
      <div className="mx-auto max-w-sm space-y-6">
        <h1 className="text-2xl font-bold">{resetToken ? "Choose a new password" : "Reset your password"}</h1>
        {resetToken ? (
          <NewPasswordForm token={resetToken} />
        ) : (
          <>
            <p className="text-slate-600 dark:text-slate-300">
              Enter your email and we will send you a link to choose a new password.
            </p>
            <RequestResetForm />
          </>
        )}
      </div>
    </PageShell>
  );
}
