"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { requestResetAction, setNewPasswordAction, type ResetActionResult } from "@/lib/actions/password-reset";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { newPasswordFormSchema, resetRequestFormSchema } from "@/lib/validation/auth";
import { ClientForm } from "@/components/ui/client-form";
import { FormAlert } from "@/components/ui/form-alert";
import { useMessageText } from "@/components/i18n/use-message-text";
import { rememberedResetEmail } from "@/components/auth/reset-email";

function Outcome({ result }: { result: ResetActionResult | null }) {
  const text = useMessageText();
  if (!result) return null;
  return result.ok ? (
    <p
      role="status"
      className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      {text(result.message)}
    </p>
  ) : (
    <FormAlert>{text(result.error)}</FormAlert>
  );
}

export function RequestResetForm() {
  const t = useTranslations("auth");
  const text = useMessageText();
  const [result, setResult] = useState<ResetActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, getValues, setValue } = useForm<z.infer<typeof resetRequestFormSchema>>({
    resolver: useCatalogResolver(resetRequestFormSchema),
  });
  // The email typed on the log-in page before "Forgot your password?", unless one was typed here already.
  useEffect(() => {
    const email = rememberedResetEmail();
    if (email && !getValues("email")) setValue("email", email);
  }, [getValues, setValue]);
  const onSubmit = handleSubmit((values) =>
    startTransition(async () =>
      setResult(
        await requestResetAction(values).catch(() => ({
          ok: false as const,
          error: t("reset.requestFailed"),
        })),
      ),
    ),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        {...register("email")}
        error={text(formState.errors.email?.message)}
      />
      <Outcome result={result} />
      <Button type="submit" className="w-full" disabled={pending}>
        {t("reset.send")}
      </Button>
    </ClientForm>
  );
}

export function NewPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth.reset");
  const [result, setResult] = useState<ResetActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof newPasswordFormSchema>>({
    resolver: useCatalogResolver(newPasswordFormSchema),
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () =>
      setResult(
        await setNewPasswordAction(token, values).catch(() => ({
          ok: false as const,
          error: t("updateFailed"),
        })),
      ),
    ),
  );
  if (result?.ok) {
    return (
      <div className="space-y-4">
        <Outcome result={result} />
        <Link href="/login" className="text-brand underline dark:text-indigo-300">
          {t("logIn")}
        </Link>
      </div>
    );
  }
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <NewPasswordFields
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={formState.errors}
      />
      <Outcome result={result} />
      {result && !result.ok && result.code === "invalid_link" ? (
        <Link href="/auth/reset" className="block text-sm text-brand underline dark:text-indigo-300">
          {t("askNew")}
        </Link>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {t("setNew")}
      </Button>
    </ClientForm>
  );
}
