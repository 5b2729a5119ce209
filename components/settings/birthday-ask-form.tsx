"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { setBirthdayAction } from "@/lib/actions/settings";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field } from "@/components/ui/field";
import { birthdaySchema, type BirthdayInput } from "@/lib/validation/settings";

/**
 * Asks a customer with no birthday on file for it, where a birthday program
 * runs (the tap result, the wallet): the profile's own field and rule, saved
 * alone. `onDone` hears when it was saved, so the tap result may move on.
 * Its words: programs.birthdayAsk, and settings.validation for a bad date.
 */
export function BirthdayAskForm({ onDone }: { onDone?: () => void }) {
  const t = useTranslations("programs.birthdayAsk");
  const text = useMessageText();
  const [pending, startTransition] = useTransition();
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<BirthdayInput>({
    resolver: useCatalogResolver(birthdaySchema),
    defaultValues: { birthday: "" },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      const result = await setBirthdayAction(values).catch(() => ({ ok: false as const, error: t("failed") }));
      if (result.ok) {
        setSaved(true);
        onDone?.();
      } else setFailed(t("failed"));
    }),
  );
  if (saved) {
    return (
      <p role="status" className="text-sm font-medium" data-testid="birthday-saved">
        {t("saved")}
      </p>
    );
  }
  return (
    <ClientForm
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="birthday-ask-title"
      className="space-y-2 rounded-xl border border-current/20 p-3 text-left"
    >
      <p id="birthday-ask-title" className="font-medium">
        {t("title")}
      </p>
      <p className="text-sm">{t("text")}</p>
      <Field
        label={t("label")}
        type="date"
        autoComplete="bday"
        {...register("birthday")}
        error={text(formState.errors.birthday?.message) ?? failed ?? undefined}
      />
      <Button type="submit" disabled={pending}>
        {t("submit")}
      </Button>
    </ClientForm>
  );
}
