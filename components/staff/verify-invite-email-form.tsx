"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { sendStaffVerificationAction } from "@/lib/actions/staff-accept";
import { buttonClass } from "@/components/ui/button";
import { useMessageText } from "@/components/i18n/use-message-text";

/**
 * "Send me a confirmation link" on a staff invitation whose reader has not
 * confirmed their email yet. A server-action form, so it works before
 * hydration too; the link mailed leads back to the invitation.
 */
export function VerifyInviteEmailForm({ token }: { token: string }) {
  const t = useTranslations("staff.accept.verify");
  const text = useMessageText();
  const [state, action, pending] = useActionState(sendStaffVerificationAction.bind(null, token), null);
  return (
    <div className="space-y-3">
      <form action={action}>
        <button type="submit" className={buttonClass("primary", "w-full")} disabled={pending}>
          {t("send")}
        </button>
      </form>
      {state ? (
        <p role={state.ok ? "status" : "alert"} className="text-sm">
          {text(state.message)}
        </p>
      ) : null}
    </div>
  );
}
