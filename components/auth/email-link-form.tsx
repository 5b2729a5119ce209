"use client";

import { useTranslations } from "next-intl";
import { useActionState, useId, useState } from "react";
import { requestEmailLinkAction, type EmailLinkActionResult } from "@/lib/actions/email-link";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useMessageText } from "@/components/i18n/use-message-text";
import { cn } from "@/lib/utils";

type State = EmailLinkActionResult | null;

/**
 * "Email me a link": an address and a button that mail a one-time sign-in link
 * (docs/authentication.md, "Signing in with an emailed link"), then "Check your
 * email". A server-action form. `redirect`:
 * the same-origin path the link leads to once opened (checked on the server);
 * `compact`: one row without the introduction, for banners. Needs the `auth`,
 * `validation` and `errors` namespaces (AUTH_CLIENT_NAMESPACES).
 */
export function EmailLinkForm({ redirect = null, compact = false }: { redirect?: string | null; compact?: boolean }) {
  const t = useTranslations("auth.emailLink");
  const text = useMessageText();
  const id = useId();
  // Controlled: a form action resets its fields, and a refused address should stay to be corrected.
  const [email, setEmail] = useState("");
  const [state, formAction, pending] = useActionState<State, FormData>(
    requestEmailLinkAction.bind(null, redirect) as (state: State, data: FormData) => Promise<State>,
    null,
  );
  if (state?.ok) {
    return (
      <div
        role="status"
        className={cn(
          "space-y-1",
          compact
            ? "text-sm"
            : "rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
        )}
      >
        <p className="font-semibold">{t("sentHeading")}</p>
        <p className="text-sm">{t("sent")}</p>
      </div>
    );
  }
  const fieldError = state?.fieldErrors?.email;
  return (
    <form action={formAction} noValidate className={compact ? "space-y-2" : "space-y-4"}>
      {compact ? null : <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>}
      <div className={compact ? "flex flex-wrap items-end gap-2" : "space-y-4"}>
        <div className={compact ? "min-w-0 flex-1" : undefined}>
          <Field
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            label={t("label")}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={text(fieldError)}
          />
        </div>
        <Button
          type="submit"
          variant={compact ? "primary" : "secondary"}
          className={compact ? "" : "w-full"}
          disabled={pending}
        >
          {pending ? t("submitting") : t("submit")}
        </Button>
      </div>
      {state && !state.ok && !fieldError ? <FormAlert>{text(state.error)}</FormAlert> : null}
    </form>
  );
}
