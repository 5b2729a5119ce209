"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { confirmIdentityAction, type ConfirmIdentityState } from "@/lib/actions/confirm-identity";
import { buttonClass } from "@/components/ui/button";

/**
 * The button of a mailed re-authentication link. The link itself confirms
 * nothing (a mail scanner may open it); pressing this does. The action is bound
 * to the token, so the form works before hydration too.
 */
export function ConfirmIdentityForm({ token }: { token: string }) {
  const t = useTranslations("auth.confirmIdentity");
  const [state, formAction, pending] = useActionState<ConfirmIdentityState, FormData>(
    confirmIdentityAction.bind(null, token) as (
      state: ConfirmIdentityState,
      data: FormData,
    ) => Promise<ConfirmIdentityState>,
    null,
  );
  if (state) {
    return (
      <div className="space-y-6">
        <h2 className="text-xl font-semibold">{state.ok ? t("confirmedHeading") : t("failedHeading")}</h2>
        <p role="status" className="text-slate-600 dark:text-slate-300">
          {state.ok ? t("confirmed") : t("failed")}
        </p>
        <Link href="/dashboard/settings" className={buttonClass("primary")}>
          {t("settings")}
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-6">
      <p className="text-slate-600 dark:text-slate-300">{t("body")}</p>
      <button type="submit" className={buttonClass("primary")} disabled={pending}>
        {t("submit")}
      </button>
    </form>
  );
}
