"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { AccountFields } from "@/components/auth/account-fields";
import type { SignedInAccount } from "./wizard-types";

/** Step 2: the owner's account, with the Apple and Google sign-up buttons (Google only where it is configured: `onGoogle`). */
export function AccountStep({ onGoogle, googlePending }: { onGoogle: (() => void) | null; googlePending: boolean }) {
  const t = useTranslations("wizard.account");
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          onClick={() => toast(t("comingSoon"), { description: t("appleSoon") })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
            <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z" />
          </svg>
          {t("apple")}
        </Button>
        {onGoogle ? (
          <Button type="button" variant="secondary" className="w-full" disabled={googlePending} onClick={onGoogle}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
              <path
                fill="#EA4335"
                d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.3 12 2.3 6.6 2.3 2.3 6.6 2.3 12s4.3 9.7 9.7 9.7c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z"
              />
            </svg>
            {t("google")}
          </Button>
        ) : null}
      </div>
      <div className="flex items-center gap-3 text-sm text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t("orContinue")}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <AccountFields />
    </div>
  );
}

/** Step 2 for a signed-in user: the business joins the account they are using. */
export function SignedInAccountStep({ account }: { account: SignedInAccount }) {
  const t = useTranslations("wizard.account");
  return (
    <div
      role="note"
      className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <p className="font-medium">
        {t("signedInAs", { name: [account.firstName, account.lastName].filter(Boolean).join(" ") || account.email })}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("addedTo", { email: account.email })}</p>
    </div>
  );
}
