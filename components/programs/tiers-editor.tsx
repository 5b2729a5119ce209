"use client";

import { useTranslations } from "next-intl";
import { useFieldArray, useFormContext } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { hintClass, inputClass } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import type { ProgramInput } from "@/lib/validation/programs";
import { FieldError } from "@/components/ui/field";

const MAX_TIERS = 20;

/** Tier rows (name + visits needed), in order; the first starts at 0 visits. */
export function TiersEditor() {
  const t = useTranslations("programEditor.tiers");
  const text = useMessageText();
  const { control, register, formState, getValues } = useFormContext<ProgramInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "rules.tiers" });
  const errors = formState.errors.rules?.tiers;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <div className="space-y-3">
      <p className={hintClass}>{t("hint")}</p>
      <ol className="space-y-2">
        {fields.map((row, index) => {
          const rowErrors = errors?.[index];
          return (
            <li key={row.id} className="grid grid-cols-[minmax(0,1fr)_7rem_auto] items-start gap-2">
              <div className="space-y-1">
                <label htmlFor={`tier-name-${index}`} className="sr-only">
                  {t("nameLabel", { number: index + 1 })}
                </label>
                <input
                  id={`tier-name-${index}`}
                  placeholder={t("namePlaceholder")}
                  aria-invalid={rowErrors?.name ? true : undefined}
                  className={inputClass}
                  {...register(`rules.tiers.${index}.name`)}
                />
                {rowErrors?.name ? <FieldError>{text(rowErrors.name.message)}</FieldError> : null}
              </div>
              <div className="space-y-1">
                <label htmlFor={`tier-visits-${index}`} className="sr-only">
                  {t("visitsLabel", { number: index + 1 })}
                </label>
                <input
                  id={`tier-visits-${index}`}
                  type="number"
                  min={0}
                  step={1}
                  aria-invalid={rowErrors?.minVisits ? true : undefined}
                  className={inputClass}
                  {...register(`rules.tiers.${index}.minVisits`, { valueAsNumber: true })}
                />
                {rowErrors?.minVisits ? <FieldError>{text(rowErrors.minVisits.message)}</FieldError> : null}
              </div>
              <Button
                type="button"
                variant="ghost"
                aria-label={t("removeLabel", { number: index + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(index)}
              >
                {t("remove")}
              </Button>
            </li>
          );
        })}
      </ol>
      {listError ? <FieldError>{text(listError)}</FieldError> : null}
      <Button
        type="button"
        variant="secondary"
        disabled={fields.length >= MAX_TIERS}
        onClick={() => {
          const last = getValues("rules.tiers")?.at(-1)?.minVisits;
          append({ name: "", minVisits: typeof last === "number" && Number.isFinite(last) ? last + 5 : 0 });
        }}
      >
        {t("add")}
      </Button>
    </div>
  );
}
