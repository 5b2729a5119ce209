"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { saveOutreachSettingsAction } from "@/lib/actions/outreach";

/** The business's sending rules: at most N messages per D days per customer, and the quiet hours. */
export function OutreachSettingsForm({
  businessId,
  defaults,
}: {
  businessId: string;
  defaults: { capMessages: number; capDays: number; quietStart: string; quietEnd: string };
}) {
  const t = useTranslations("campaigns.outreach");
  const { disabled, run } = useRefreshAction();
  const [values, setValues] = useState({
    capMessages: String(defaults.capMessages),
    capDays: String(defaults.capDays),
    quietStart: defaults.quietStart,
    quietEnd: defaults.quietEnd,
  });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(
      () =>
        saveOutreachSettingsAction({
          businessId,
          capMessages: Number(values.capMessages),
          capDays: Number(values.capDays),
          quietStart: values.quietStart,
          quietEnd: values.quietEnd,
        }),
      (result) => {
        setError(result.ok ? null : result.error);
        setFieldErrors(result.ok ? {} : (result.fieldErrors ?? {}));
        if (result.ok) toast.success(t("saved"));
      },
    );
  };
  return (
    <ClientForm onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-4">
        <Field
          label={t("capMessages")}
          id="cap-messages"
          type="number"
          min={1}
          max={3}
          value={values.capMessages}
          onChange={set("capMessages")}
          error={fieldErrors.capMessages}
        />
        <Field
          label={t("capDays")}
          id="cap-days"
          type="number"
          min={3}
          max={30}
          value={values.capDays}
          onChange={set("capDays")}
          error={fieldErrors.capDays}
        />
        <Field
          label={t("quietStart")}
          id="quiet-start"
          type="time"
          value={values.quietStart}
          onChange={set("quietStart")}
          error={fieldErrors.quietStart}
        />
        <Field
          label={t("quietEnd")}
          id="quiet-end"
          type="time"
          value={values.quietEnd}
          onChange={set("quietEnd")}
          error={fieldErrors.quietEnd}
        />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t("capHint")} {t("quietHint")}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" variant="secondary" disabled={disabled}>
        {t("save")}
      </Button>
    </ClientForm>
  );
}
