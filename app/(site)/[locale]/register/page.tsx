import type { Metadata } from "next";
import { redirect as navigate } from "next/navigation";
import { RegisterForm } from "@/components/auth/register-form";
import { PageShell } from "@/components/ui/page-shell";
import { googleEnabled } from "@/lib/auth";
import { getCurrentUser } from "@/lib/auth/current-user";
import { registrationQuery, type RegistrationSearchParams } from "@/lib/validation/registration";

export const metadata: Metadata = { title: "Create your account" };

export default async function RegisterPage({ searchParams }: { searchParams: RegistrationSearchParams }) {
  const { tapId, redirect } = registrationQuery(await searchParams);
  // Already signed in: nothing to create; continue where the link was going.
  if (await getCurrentUser()) navigate(redirect ?? (tapId ? `/tap?id=${encodeURIComponent(tapId)}` : "/dashboard"));
  return (
    <PageShell>
      <div className="mx-auto max-w-md space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold">Create your account</h1>
          <p className="text-slate-600 dark:text-slate-300">
            {tapId ? "Register to start earning rewards" : "Collect stamps, points and rewards at the places you love."}
          </p>
        </div>
        <RegisterForm tapId={tapId} redirect={redirect} googleEnabled={googleEnabled} />
      </div>
    </PageShell>
  );
}
