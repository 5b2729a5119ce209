"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { loginAction } from "@/lib/actions/login";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { loginSchema, type LoginInput } from "@/lib/validation/auth";
import { EmailLinkForm } from "@/components/auth/email-link-form";
import { GoogleButton } from "@/components/auth/google-button";
import { PasskeySignIn } from "@/components/auth/passkey-sign-in";
import { FormAlert } from "@/components/ui/form-alert";
import { ClientForm } from "@/components/ui/client-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { rememberResetEmail } from "@/components/auth/reset-email";
import { AUTH_STORAGE_KEY } from "@/lib/auth/client-session";

export function LoginForm({ redirect, googleEnabled }: { redirect: string | null; googleEnabled: boolean }) {
  const t = useTranslations("auth");
  const text = useMessageText();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, getValues } = useForm<LoginInput>({
    resolver: useCatalogResolver(loginSchema),
  });
  // Only someone signed out sees this page (it sends a session on): a session that ended
  // without a logout (expired, revoked) leaves an entry that would keep the headers saying "Dashboard".
  useEffect(() => {
    try {
      if (localStorage.getItem(AUTH_STORAGE_KEY) !== null) localStorage.removeItem(AUTH_STORAGE_KEY);
    } catch {
      // storage unavailable: nothing was kept
    }
  }, []);

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    startTransition(async () => {
      try {
        const result = await loginAction(values, redirect);
        // A full navigation, so every server component re-reads the new session.
        if (result.ok) window.location.assign(result.redirectTo);
        else setServerError(result.error || t("login.failed"));
      } catch {
        setServerError(t("login.failed"));
      }
    });
  });

  const registerHref = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : "/register";
  return (
    <div className="space-y-6">
      {/* No password needed: a mailed one-time link, above the password form. */}
      <EmailLinkForm redirect={redirect} />
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t("emailLink.or")}</p>
      <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label={t("fields.email")}
          type="email"
          // "webauthn": the browser may offer this site's passkeys here (PasskeySignIn's autofill).
          autoComplete="username webauthn"
          {...register("email")}
          error={text(formState.errors.email?.message)}
        />
        <Field
          label={t("fields.password")}
          type="password"
          autoComplete="current-password"
          {...register("password")}
          error={text(formState.errors.password?.message)}
        />
        {serverError ? <FormAlert>{text(serverError)}</FormAlert> : null}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t("login.submitting") : t("login.submit")}
        </Button>
      </ClientForm>
      <PasskeySignIn redirect={redirect} />
      {googleEnabled ? <GoogleButton redirect={redirect} label={t("login.google")} /> : null}
      <div className="flex justify-between text-sm">
        <Link
          href="/auth/reset"
          className="text-brand underline dark:text-indigo-300"
          onClick={() => rememberResetEmail(getValues("email"))}
        >
          {t("login.forgotPassword")}
        </Link>
        <Link href={registerHref} className="text-brand underline dark:text-indigo-300">
          {t("login.createAccount")}
        </Link>
      </div>
    </div>
  );
}
