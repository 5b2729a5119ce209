import { LoginLink } from "@/components/auth/login-link";
import { PageShell } from "@/components/ui/page-shell";
import type { ComponentProps } from "react";
import { BusinessWizard } from "./business-wizard";

type Props = ComponentProps<typeof BusinessWizard>;

/** /register/business and /claim/register: the business registration wizard. */
export function BusinessRegistrationScreen({
  tapId,
  redirect,
  googleEnabled,
  googleSignIn,
  account,
  addBusiness,
}: Props) {
  return (
    <PageShell>
      <div className="mx-auto max-w-xl space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">Register your business</h1>
          <p className="text-slate-600 dark:text-slate-300">
            {tapId ? "Register your business and claim your NFC tag" : "Follow the steps to register your business"}
          </p>
        </div>
        <BusinessWizard
          tapId={tapId}
          redirect={redirect}
          googleEnabled={googleEnabled}
          googleSignIn={googleSignIn}
          account={account}
          addBusiness={addBusiness}
        />
        {account ? null : <LoginLink redirect={redirect} />}
        <p className="text-center text-xs text-slate-500 dark:text-slate-400">
          By registering, you agree to our Terms of Service and Privacy Policy.
        </p>
      </div>
    </PageShell>
  );
}
