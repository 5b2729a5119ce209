"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, useTransition } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { registerCustomerAction } from "@/app/(site)/[locale]/register/actions";
import { GoogleButton } from "@/components/auth/google-button";
import { LoginLink } from "@/components/auth/login-link";
import { Button } from "@/components/ui/button";
import { AccountFields } from "@/components/auth/account-fields";
import { FormAlert } from "@/components/ui/form-alert";
import { accountSchema, type AccountInput } from "@/lib/validation/auth";
import { ClientForm } from "@/components/ui/client-form";

export function RegisterForm({
  tapId,
  redirect,
  googleEnabled,
}: {
  tapId: string | null;
  redirect: string | null;
  googleEnabled: boolean;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<AccountInput>({ resolver: zodResolver(accountSchema) });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    startTransition(async () => {
      try {
        const result = await registerCustomerAction(values, { tapId, redirect });
        if (result.ok) window.location.assign(result.redirectTo);
        else setServerError(result.error || "Failed to register");
      } catch {
        setServerError("Failed to register");
      }
    });
  });

  return (
    <div className="space-y-6">
      <GoogleButton redirect={redirect} enabled={googleEnabled} label="Sign up with Google" />
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">Or continue with</p>
      <FormProvider {...form}>
        <ClientForm onSubmit={onSubmit} noValidate className="space-y-4">
          <AccountFields />
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Creating account..." : "Create account"}
          </Button>
        </ClientForm>
      </FormProvider>
      <LoginLink redirect={redirect} />
      <p className="text-center text-sm">
        Own a business?{" "}
        <Link href="/register/business" className="text-brand underline dark:text-indigo-300">
          Register your business
        </Link>
      </p>
    </div>
  );
}
