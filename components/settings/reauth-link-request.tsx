"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { requestReauthLinkAction } from "@/lib/actions/settings";
import { buttonClass } from "@/components/ui/button";
import { useMessageText } from "@/components/i18n/use-message-text";

/**
 * For an account without a password: the sensitive actions of the settings
 * need a mailed confirmation link opened first (docs/authentication.md,
 * "Re-authentication for sensitive actions"). A server-action form, so it
 * works before hydration too.
 */
export function ReauthLinkRequest({ email }: { email: string }) {
  const t = useTranslations("settings.reauth");
  const text = useMessageText();
  const [state, action, pending] = useActionState(requestReauthLinkAction, null);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("linkExplanation", { email })}</p>
      <form action={action}>
        <button type="submit" className={buttonClass("secondary")} disabled={pending}>
          {t("sendLink")}
        </button>
      </form>
      {state ? (
        <p role="status" className="text-sm">
          {text(state.message)}
        </p>
      ) : null}
    </div>
  );
}
