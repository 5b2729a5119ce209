"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { updateProfileAction } from "@/lib/actions/settings";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { profileSettingsSchema, type ProfileSettingsInput } from "@/lib/validation/settings";
import { ClientForm } from "@/components/ui/client-form";
import { MAX_NAME_LENGTH } from "@/lib/validation/auth";
import { useMessageText } from "@/components/i18n/use-message-text";

export function ProfileForm({ defaults }: { defaults: ProfileSettingsInput }) {
  const t = useTranslations("settings.profile");
  const text = useMessageText();
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<ProfileSettingsInput>({
    resolver: useCatalogResolver(profileSettingsSchema),
    defaultValues: defaults,
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await updateProfileAction(values).catch(() => ({
        ok: false as const,
        error: t("tryAgain"),
      }));
      if (result.ok) {
        // The dashboard header shows the first name.
        router.refresh();
        toast.success(t("saved"));
      } else toast.error(t("failed"), { description: result.error });
    }),
  );
  return (
    <ClientForm onSubmit={onSubmit} noValidate className="max-w-sm space-y-4">
      <Field
        label={t("firstName")}
        autoComplete="given-name"
        maxLength={MAX_NAME_LENGTH}
        {...register("firstName")}
        error={text(formState.errors.firstName?.message)}
      />
      <Field
        label={t("lastName")}
        autoComplete="family-name"
        maxLength={MAX_NAME_LENGTH}
        {...register("lastName")}
        error={text(formState.errors.lastName?.message)}
      />
      <Field
        label={t("birthday")}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        hint={t("birthdayHint")}
        {...register("birthday")}
        error={text(formState.errors.birthday?.message)}
      />
      <Button type="submit" disabled={pending}>
        {t("submit")}
      </Button>
    </ClientForm>
  );
}
