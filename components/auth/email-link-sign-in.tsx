"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import {
  resendEmailLinkAction,
  signInWithEmailLinkAction,
  type EmailLinkActionResult,
  type EmailLinkSignInState,
} from "@/lib/actions/email-link";
import { buttonClass } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useMessageText } from "@/components/i18n/use-message-text";

/**
 * The page of a mailed sign-in link. Opening the link spends nothing (mail
 * scanners fetch links); this form does: it sends itself once the page has
 * loaded, and its "Sign in" button does the same without JavaScript.
 */
export function EmailLinkSignIn({ token }: { token: string }) {
  const t = useTranslations("auth.emailLink");
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const [state, formAction, pending] = useActionState<EmailLinkSignInState, FormData>(
    signInWithEmailLinkAction.bind(null, token) as (
      state: EmailLinkSignInState,
      data: FormData,
    ) => Promise<EmailLinkSignInState>,
    null,
  );
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, []);
  if (state) {
    if (state.reason === "disabled")
      return (
        <p role="alert" className="text-slate-600 dark:text-slate-300">
          {t("disabled")}
        </p>
      );
    // The card started on this phone could not join the account: the link is spent, a new one tries again.
    if (state.reason === "merge_failed")
      return (
        <>
          <p role="alert" className="text-slate-600 dark:text-slate-300">
            {t("mergeFailed")}
          </p>
          <EmailLinkRefused token={token} />
        </>
      );
    return <EmailLinkRefused token={token} />;
  }
  return (
    <form ref={form} action={formAction} className="space-y-6">
      <p className="text-slate-600 dark:text-slate-300">{t("openBody")}</p>
      <button type="submit" className={buttonClass("primary", "w-full")} disabled={pending}>
        {pending ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}

type ResendState = EmailLinkActionResult | null;

/**
 * "This link has already been used or has expired." with "Send a new link":
 * one tap mails a new link to the same address (under the usual limits).
 */
export function EmailLinkRefused({ token }: { token: string | null }) {
  const t = useTranslations("auth.emailLink");
  const text = useMessageText();
  const [state, formAction, pending] = useActionState<ResendState, FormData>(
    resendEmailLinkAction.bind(null, token ?? "") as (state: ResendState, data: FormData) => Promise<ResendState>,
    null,
  );
  if (state?.ok) {
    return (
      <div role="status" className="space-y-2">
        <h2 className="text-xl font-semibold">{t("sentHeading")}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t("sent")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <p role="status" className="text-slate-600 dark:text-slate-300">
        {t("invalid")}
      </p>
      {state && !state.ok ? <FormAlert>{text(state.error)}</FormAlert> : null}
      {token ? (
        <form action={formAction}>
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={pending}>
            {t("resend")}
          </button>
        </form>
      ) : null}
      <Link href="/login" className="block text-sm text-brand underline dark:text-indigo-300">
        {t("backToLogin")}
      </Link>
    </div>
  );
}
