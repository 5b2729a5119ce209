"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { createTagBatchAction } from "@/lib/actions/tag-batches";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ActionError, Field, SelectField } from "@/components/ui/field";
import { ClientForm } from "@/components/ui/client-form";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

/** The admin's "New batch" form; the batch's activation code is shown here once, after it is made. */
export function TagBatchForm() {
  const t = useTranslations("admin.batches");
  const { disabled, run } = useRefreshAction();
  const [errors, setErrors] = useState<{ form?: string; fields: Record<string, string | undefined> }>({ fields: {} });
  const [made, setMade] = useState<{ label: string; code: string } | null>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = { label: String(data.get("label") ?? ""), purpose: data.get("purpose"), size: data.get("size") };
    setErrors({ fields: {} });
    run(
      () => createTagBatchAction(input),
      (result) => {
        if (!result.ok) {
          const fields = "fieldErrors" in result && result.fieldErrors ? result.fieldErrors : {};
          return setErrors({ form: result.error, fields });
        }
        setMade({ label: input.label, code: result.activationCode });
      },
    );
  };

  return (
    <div className="space-y-4">
      {made ? (
        <Card className="space-y-2 border-emerald-300 p-4 dark:border-emerald-700" role="status">
          <p className="font-medium">{t("made", { label: made.label })}</p>
          <p className="text-sm">{t("codeOnce")}</p>
          <p className="font-mono text-xl tracking-wider" data-testid="activation-code">
            {made.code}
          </p>
        </Card>
      ) : null}
      <ClientForm onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <Field name="label" label={t("label")} maxLength={80} error={errors.fields.label} />
        <SelectField name="purpose" label={t("purpose")} defaultValue="MANUFACTURER" error={errors.fields.purpose}>
          <option value="MANUFACTURER">{t("purposes.MANUFACTURER")}</option>
          <option value="OWNER">{t("purposes.OWNER")}</option>
        </SelectField>
        <Field
          name="size"
          label={t("size")}
          type="number"
          min={1}
          max={1000}
          defaultValue={10}
          error={errors.fields.size}
        />
        <Button type="submit" disabled={disabled}>
          {t("create")}
        </Button>
      </ClientForm>
      {errors.form && !Object.values(errors.fields).some(Boolean) ? <ActionError>{errors.form}</ActionError> : null}
    </div>
  );
}
