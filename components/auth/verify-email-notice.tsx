"use client";

import { useActionState } from "react";
import { resendVerificationAction } from "@/app/(site)/[locale]/dashboard/settings/actions";
import { buttonClass } from "@/components/ui/button";

/**
 * Shown across the dashboard while the account's email is not confirmed (only
 * when REQUIRE_EMAIL_VERIFICATION=1): taps earn nothing until then. The resend
 * button is a server-action form, so it works before hydration too.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const [state, action, pending] = useActionState(resendVerificationAction, null);
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="verify-email-title" className="font-semibold">
        Confirm your email address
      </h2>
      <p className="text-sm">
        We sent a link to {email}. Until you open it, your taps do not earn stamps, points or rewards.
      </p>
      <form action={action}>
        <button type="submit" className={buttonClass("secondary")} disabled={pending}>
          Send the link again
        </button>
      </form>
      {state ? (
        <p role="status" className="text-sm">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
