"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  requestResetAction,
  setNewPasswordAction,
  type ResetActionResult,
} from "@/app/(site)/[locale]/auth/reset/actions";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { newPasswordFormSchema, resetRequestFormSchema } from "@/lib/validation/auth";
import { ClientForm } from "@/components/ui/client-form";
import { FormAlert } from "@/components/ui/form-alert";

function Outcome({ result }: { result: ResetActionResult | null }) {
  if (!result) return null;
  return result.ok ? (
    <p
      role="status"
      className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      {result.message}
    </p>
  ) : (
    <FormAlert>{result.error}</FormAlert>
  );
}

export function RequestResetForm() {
  const [result, setResult] = useState<ResetActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof resetRequestFormSchema>>({
    resolver: zodResolver(resetRequestFormSchema),
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () =>
      setResult(
        await requestResetAction(values).catch(() => ({
          ok: false as const,
          error: "Failed to request password reset",
        })),
      ),
    ),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        {...register("email")}
        error={formState.errors.email?.message}
      />
      <Outcome result={result} />
      <Button type="submit" className="w-full" disabled={pending}>
        Send reset link
      </Button>
    </ClientForm>
  );
}

export function NewPasswordForm({ token }: { token: string }) {
  const [result, setResult] = useState<ResetActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () =>
      setResult(
        await setNewPasswordAction(token, values).catch(() => ({
          ok: false as const,
          error: "Failed to update password",
        })),
      ),
    ),
  );
  if (result?.ok) {
    return (
      <div className="space-y-4">
        <Outcome result={result} />
        <Link href="/login" className="text-brand underline dark:text-indigo-300">
          Log in
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
      <Button type="submit" className="w-full" disabled={pending}>
        Set new password
      </Button>
    </ClientForm>
  );
}
