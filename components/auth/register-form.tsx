"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState, useTransition } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { registerCustomerAction } from "@/lib/actions/register";
import { EmailLinkForm } from "@/components/auth/email-link-form";
import { GoogleButton } from "@/components/auth/google-button";
import { LoginLink } from "@/components/auth/login-link";
import { Button } from "@/components/ui/button";
import { AccountFields } from "@/components/auth/account-fields";
import { FormAlert } from "@/components/ui/form-alert";
import { accountSchema, type AccountInput } from "@/lib/validation/auth";
import { cardSignUpPath } from "@/lib/auth/sign-up-paths";
import { ClientForm } from "@/components/ui/client-form";
import { useMessageText } from "@/components/i18n/use-message-text";

export function RegisterForm({
  tapId,
  businessSlug = null,
  redirect,
  googleEnabled,
  email = null,
}: {
  tapId: string | null;
  /** The card's business this sign-up joins ("Create your card"); checked again by the server. */
  businessSlug?: string | null;
  redirect: string | null;
  googleEnabled: boolean;
  /** The address to start from (a staff invitation's), which the person may change. */
  email?: string | null;
}) {
  const t = useTranslations("auth.register");
  const tAuth = useTranslations("auth");
  const text = useMessageText();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<AccountInput>({
    resolver: useCatalogResolver(accountSchema),
    defaultValues: email ? { email } : undefined,
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    startTransition(async () => {
      try {
        const result = await registerCustomerAction(values, { tapId, redirect, businessSlug });
        if (result.ok) window.location.assign(result.redirectTo);
        else setServerError(result.error || t("failed"));
      } catch {
        setServerError(t("failed"));
      }
    });
  });

  return (
    <div className="space-y-6">
      {googleEnabled ? (
        <>
          {/* Back from Google, a card's sign-up returns to its page, which offers to add the business. */}
          <GoogleButton
            redirect={redirect ?? (businessSlug ? cardSignUpPath(businessSlug) : null)}
            label={t("google")}
          />
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t("orContinue")}</p>
        </>
      ) : null}
      {/* No password needed: a mailed one-time link makes the account when it is opened. */}
      <EmailLinkForm redirect={redirect ?? (businessSlug ? cardSignUpPath(businessSlug) : null)} />
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">{tAuth("emailLink.or")}</p>
      <FormProvider {...form}>
        <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
          <AccountFields />
          {serverError ? <FormAlert>{text(serverError)}</FormAlert> : null}
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t("submitting") : t("submit")}
          </Button>
        </ClientForm>
      </FormProvider>
      <LoginLink redirect={redirect} />
      <p className="text-center text-sm">
        {t("ownBusiness")}{" "}
        <Link href="/register/business" className="text-brand underline dark:text-indigo-300">
          {t("registerBusiness")}
        </Link>
      </p>
    </div>
  );
}
