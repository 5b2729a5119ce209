"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { deleteAccountAction } from "@/lib/actions/settings";
import { Field, ActionError } from "@/components/ui/field";
import { AUTH_STORAGE_KEY } from "@/lib/auth/client-session";
import { deleteAccountSchema } from "@/lib/validation/settings";
import { ClientForm } from "@/components/ui/client-form";
import { useMessageText } from "@/components/i18n/use-message-text";

/**
 * Deleting needs a fresh re-authentication, checked by the server: the current
 * password typed here, or, for an account without one, a mailed confirmation
 * link opened just before (the ReauthLinkRequest beside this form).
 */
export function DeleteAccountForm({ hasPassword, guest = false }: { hasPassword: boolean; guest?: boolean }) {
  const tAccount = useTranslations("settings.delete");
  const tCard = useTranslations("settings.deleteCard");
  // A guest card (docs/authentication.md, "Guests") has no password or email: the confirmation below is its proof.
  const t = guest ? tCard : tAccount;
  const [confirming, setConfirming] = useState(false);
  const tReauth = useTranslations("settings.reauth");
  const text = useMessageText();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.infer<typeof deleteAccountSchema>>({
    resolver: useCatalogResolver(deleteAccountSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setError(null);
      const result = await deleteAccountAction(values).catch(() => ({
        ok: false as const,
        error: tAccount("failed"),
      }));
      if (!result.ok) return setError(result.error);
      try {
        // Other tabs see the session go and reload into the login guard.
        localStorage.removeItem(AUTH_STORAGE_KEY);
      } catch {
        // storage unavailable
      }
      // A full page load, as after every sign-in and sign-out: nothing of the
      // deleted account's session survives in the client.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
      window.location.assign("/");
    }),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="max-w-sm space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("explanation")}</p>
      {hasPassword ? (
        <Field
          // The password form on the same page has its own "password" field: ids must differ.
          id="delete-account-password"
          label={tReauth("passwordLabel")}
          type="password"
          autoComplete="current-password"
          {...register("password")}
          error={text(formState.errors.password?.message)}
        />
      ) : null}
      {error ? <ActionError>{error}</ActionError> : null}
      {guest && !confirming ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-medium text-white hover:bg-red-700"
        >
          {t("submit")}
        </button>
      ) : null}
      {guest && confirming ? (
        <div role="alertdialog" aria-labelledby="delete-card-confirm" className="space-y-3">
          <p id="delete-card-confirm" className="text-sm font-medium">
            {tCard("confirm")}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={pending}
              className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {tCard("confirmYes")}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm dark:border-slate-700"
            >
              {tCard("cancel")}
            </button>
          </div>
        </div>
      ) : null}
      {guest ? null : (
        <button
          type="submit"
          disabled={pending}
          className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {t("submit")}
        </button>
      )}
    </ClientForm>
  );
}
