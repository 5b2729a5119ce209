"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { changePasswordAction } from "@/lib/actions/settings";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { changePasswordFormSchema } from "@/lib/auth/password-schemas";
import { ClientForm } from "@/components/ui/client-form";
import { useMessageText } from "@/components/i18n/use-message-text";

/**
 * Asks for the current password (accounts created with Google have none yet:
 * `hasPassword` false hides the field). A change signs out every other device;
 * this browser stays signed in.
 */
export function ChangePasswordFormClient({ hasPassword = true }: { hasPassword?: boolean }) {
  const t = useTranslations("auth");
  const text = useMessageText();
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState, reset } = useForm<z.infer<typeof changePasswordFormSchema>>({
    resolver: useCatalogResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "" },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await changePasswordAction(values).catch(() => ({
        ok: false as const,
        error: t("changePassword.failed"),
      }));
      if (result.ok) {
        toast.success(t("changePassword.updated"), { description: t("changePassword.otherDevices") });
        reset();
      } else toast.error(t("changePassword.failed"), { description: text(result.error) });
    }),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="max-w-sm space-y-4">
      {hasPassword ? (
        <Field
          label={t("fields.currentPassword")}
          type="password"
          autoComplete="current-password"
          {...register("currentPassword")}
          error={text(formState.errors.currentPassword?.message)}
        />
      ) : null}
      <NewPasswordFields
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={formState.errors}
      />
      <Button type="submit" disabled={pending}>
        {t("changePassword.submit")}
      </Button>
    </ClientForm>
  );
}
