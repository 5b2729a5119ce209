"use client";

import { useCatalogResolver } from "@/components/i18n/use-catalog-resolver";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormProvider, useForm, useWatch, type FieldPath } from "react-hook-form";
import { toast } from "sonner";
import { createProgramAction, updateProgramAction, type ProgramActionResult } from "@/lib/actions/programs";
import { ProgramLocationsField, type ProgramLocationOption } from "@/components/locations/program-locations-field";
import { ProgramPreview } from "@/components/programs/program-preview";
import { ProgramRulesFields } from "@/components/programs/program-rules-fields";
import { ProgramTypePicker } from "@/components/programs/program-type-picker";
import { useProgramTypeName } from "@/components/programs/program-type-name";
import { useMessageText } from "@/components/i18n/use-message-text";
import { ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FieldError, SelectField, TextAreaField } from "@/components/ui/field";
import { FormSection } from "@/components/ui/form-section";
import { givesRewards, requiresDates } from "@/lib/loyalty/rules";
import { COOLDOWN_HOURS_MAX, COOLDOWN_HOURS_MIN } from "@/lib/loyalty/cooldown";
import { MAX_EXPIRY_DAYS, programInputSchema, type ProgramInput } from "@/lib/validation/programs";
import { FormAlert } from "@/components/ui/form-alert";
import { ClientForm } from "@/components/ui/client-form";
import type { Translated } from "@/lib/i18n/message";

type Props = (
  | { mode: "create"; businesses: { id: string; name: string }[]; defaultValues: ProgramInput }
  | { mode: "edit"; programId: string; defaultValues: ProgramInput; readOnly?: boolean }
) & {
  /** Each business's locations (by business id), in the owner's order: "Runs at" when a business has more than one. */
  locations?: Record<string, ProgramLocationOption[]>;
};

// "" clears the optional expiry; anything else is checked by the schema.
const optionalNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : Number(value);

/** Create or edit a program, with the customer's view of it live beside the form. */
export function ProgramForm(props: Props) {
  const t = useTranslations("programEditor.form");
  const text = useMessageText();
  const typeLabel = useProgramTypeName();
  const router = useRouter();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<ProgramInput>({
    resolver: useCatalogResolver(programInputSchema),
    defaultValues: props.defaultValues,
  });
  const { register, handleSubmit, formState, setError, reset, control, setValue } = form;
  const errors = formState.errors;
  const values = useWatch({ control });
  const type = values.type ?? props.defaultValues.type;
  const readOnly = props.mode === "edit" && props.readOnly === true;
  // A business with one location shows no "Runs at" (docs/locations.md): the program runs there.
  const businessLocations = props.locations?.[values.businessId ?? props.defaultValues.businessId] ?? [];
  const chooseLocations = businessLocations.length > 1 || values.allLocations === false;

  const onSubmit = handleSubmit((input) => {
    setServerError(null);
    startTransition(async () => {
      let result: Translated<ProgramActionResult>;
      try {
        result =
          props.mode === "create"
            ? await createProgramAction(input)
            : await updateProgramAction(props.programId, input);
      } catch {
        setServerError(t("failed"));
        return;
      }
      if (result.ok) {
        if (props.mode === "create") {
          toast.success(t("created"), { description: t("createdDescription", { name: input.name }) });
          router.push(`/dashboard/program/${result.id}`);
        } else {
          reset(input);
          toast.success(t("saved"), { description: t("savedDescription") });
          router.refresh();
        }
        return;
      }
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        setError(path as FieldPath<ProgramInput>, { message });
      }
      setServerError(result.error);
    });
  });

  return (
    <FormProvider {...form}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ClientForm
          onSubmit={onSubmit}
          noValidate
          className="space-y-6"
          aria-label={props.mode === "create" ? t("newLabel") : t("editLabel")}
        >
          <fieldset disabled={readOnly || pending} className="space-y-6">
            {props.mode === "create" ? (
              <Card className="space-y-4 p-5">
                <SelectField
                  label={t("business")}
                  id="businessId"
                  {...register("businessId", {
                    // Another business has other locations: start again from "everywhere".
                    onChange: () => {
                      setValue("allLocations", undefined);
                      setValue("locationIds", undefined);
                    },
                  })}
                  error={text(errors.businessId?.message)}
                >
                  {props.businesses.map((business) => (
                    <option key={business.id} value={business.id}>
                      {business.name}
                    </option>
                  ))}
                </SelectField>
                <ProgramTypePicker />
              </Card>
            ) : (
              <div className="space-y-1">
                <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                  <span aria-hidden="true">
                    <ProgramTypeIcon type={type} size={20} />
                  </span>
                  <span>
                    {t.rich("typeFixed", {
                      type: typeLabel(type),
                      strong: (chunks) => <span className="font-medium">{chunks}</span>,
                    })}
                  </span>
                </p>
                {errors.type ? <FieldError>{text(errors.type.message)}</FieldError> : null}
              </div>
            )}

            <FormSection legend={t("programSection")}>
              <Field label={t("name")} maxLength={80} {...register("name")} error={text(errors.name?.message)} />
              <TextAreaField
                label={t("description")}
                maxLength={500}
                {...register("description")}
                error={text(errors.description?.message)}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t("startDate")}
                  type="date"
                  {...register("startDate")}
                  error={text(errors.startDate?.message)}
                />
                <Field
                  label={t("endDate")}
                  type="date"
                  {...register("endDate")}
                  error={text(errors.endDate?.message)}
                />
              </div>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {requiresDates(type) ? t("datesRequired") : t("datesOptional")}
              </p>
            </FormSection>

            {chooseLocations ? <ProgramLocationsField locations={businessLocations} /> : null}

            <FormSection legend={t("rulesSection")}>
              <ProgramRulesFields type={type} />
              {errors.rules?.message ? <FieldError>{text(errors.rules.message)}</FieldError> : null}
              <Field
                label={t("cooldownHours")}
                type="number"
                inputMode="numeric"
                min={COOLDOWN_HOURS_MIN}
                max={COOLDOWN_HOURS_MAX}
                step={1}
                hint={t("cooldownHint")}
                {...register("cooldownHours", { setValueAs: optionalNumber })}
                error={text(errors.cooldownHours?.message)}
              />
            </FormSection>

            {/* A type that never gives rewards (other) asks for none; the server keeps none. */}
            {givesRewards(type) ? (
              <FormSection legend={t("rewardSection")}>
                <Field
                  label={t("rewardName")}
                  maxLength={80}
                  placeholder={t("rewardNamePlaceholder")}
                  {...register("rewardName")}
                  error={text(errors.rewardName?.message)}
                />
                <TextAreaField
                  label={t("rewardDescription")}
                  maxLength={500}
                  {...register("rewardDescription")}
                  error={text(errors.rewardDescription?.message)}
                />
                <Field
                  label={t("rewardExpiry")}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_EXPIRY_DAYS}
                  step={1}
                  hint={t("rewardExpiryHint")}
                  {...register("rewardExpiryDays", { setValueAs: optionalNumber })}
                  error={text(errors.rewardExpiryDays?.message)}
                />
              </FormSection>
            ) : null}
          </fieldset>

          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          {readOnly ? null : (
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={pending}>
                {pending ? t("saving") : props.mode === "create" ? t("create") : t("save")}
              </Button>
              {props.mode === "edit" && formState.isDirty && !pending ? (
                <span className="text-sm text-slate-500 dark:text-slate-400">{t("unsaved")}</span>
              ) : null}
            </div>
          )}
        </ClientForm>
        <div className="lg:sticky lg:top-6 lg:self-start">
          <ProgramPreview values={{ ...values, type }} />
        </div>
      </div>
    </FormProvider>
  );
}
