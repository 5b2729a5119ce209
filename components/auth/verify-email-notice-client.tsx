"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { resendVerificationAction } from "@/lib/actions/settings";
import { buttonClass } from "@/components/ui/button";
import { useMessageText } from "@/components/i18n/use-message-text";

/**
 * Shown across the dashboard while the account's email is not confirmed (only
 * when REQUIRE_EMAIL_VERIFICATION=1): taps earn nothing until then. The resend
 * button is a server-action form, so it works before hydration too.
 */
export function VerifyEmailNoticeClient({ email }: { email: string }) {
  const t = useTranslations("auth.verifyNotice");
  const text = useMessageText();
  const [state, action, pending] = useActionState(resendVerificationAction, null);
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="verify-email-title" className="font-semibold">
        {t("heading")}
      </h2>
      <p className="text-sm">{t("body", { email })}</p>
      <form action={action}>
        <button type="submit" className={buttonClass("secondary")} disabled={pending}>
          {t("resend")}
        </button>
      </form>
      {state ? (
        <p role="status" className="text-sm">
          {text(state.message)}
        </p>
      ) : null}
    </section>
  );
}
