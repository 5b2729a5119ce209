"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { adjustProgressAction } from "@/lib/actions/customer-card";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field, SelectField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { adjustmentSchema, REASON_MAX, type AdjustmentInput } from "@/lib/validation/customer-card";

type Done = { rewards: { name: string; code: string }[] };

/** The owner's manual adjustment: a running stamps, points or visits program, +/- an amount, and the reason. */
export function AdjustmentForm({
  businessId,
  customerId,
  programs,
}: {
  businessId: string;
  customerId: string;
  programs: { id: string; name: string }[];
}) {
  const t = useTranslations("customerCard.adjust");
  const text = useMessageText();
  const [done, setDone] = useState<Done | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  const { register, handleSubmit, formState, reset } = useForm<AdjustmentInput>({
    resolver: useCatalogResolver(adjustmentSchema),
    defaultValues: { businessId, customerId, programId: programs[0]?.id ?? "", reason: "" },
  });
  const submit = handleSubmit((values) =>
    run(
      () => adjustProgressAction(values),
      (result) => {
        if (!result.ok) {
          setDone(null);
          return setError(result.error);
        }
        setError(null);
        setDone({ rewards: result.rewards });
        reset({ businessId, customerId, programId: values.programId, reason: "" });
      },
    ),
  );
  const { errors } = formState;
  return (
    <ClientForm onSubmit={submit} noValidate className="space-y-4" aria-label={t("heading")}>
      <input type="hidden" {...register("businessId")} />
      <input type="hidden" {...register("customerId")} />
      <SelectField
        label={t("program")}
        id="adjust-program"
        {...register("programId")}
        error={text(errors.programId?.message)}
      >
        {programs.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("delta")}
        id="adjust-delta"
        type="number"
        inputMode="numeric"
        step={1}
        {...register("delta", { valueAsNumber: true })}
        error={text(errors.delta?.message)}
      />
      <Field
        label={t("reason")}
        id="adjust-reason"
        maxLength={REASON_MAX}
        hint={t("reasonHint")}
        {...register("reason")}
        error={text(errors.reason?.message)}
      />
      <Button type="submit" disabled={disabled}>
        {t("submit")}
      </Button>
      {done ? (
        <div
          role="status"
          className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <p>{t("done")}</p>
          {done.rewards.map((r) => (
            <p key={r.code} className="font-semibold">
              {t("rewardIssued", { name: r.name, code: r.code })}
            </p>
          ))}
        </div>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </ClientForm>
  );
}
