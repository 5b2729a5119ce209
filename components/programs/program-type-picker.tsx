"use client";

import { useTranslations } from "next-intl";
import type { ChangeEvent } from "react";
import { useMessageText } from "@/components/i18n/use-message-text";
import { useFormContext } from "react-hook-form";
import { ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { useProgramTypeName } from "@/components/programs/program-type-name";
import { defaultRules, PROGRAM_TYPES } from "@/lib/loyalty/rules";
import type { ProgramInput } from "@/lib/validation/programs";
import { FieldError } from "@/components/ui/field";
import { cn } from "@/lib/utils";

/** One card per program type (the radio is invisible and covers its card, so
 * a click anywhere on the card picks it). Picking a type loads its default rules, so
 * settings of the type picked before never leak into the new one. */
export function ProgramTypePicker() {
  const t = useTranslations("programs.types");
  const editor = useTranslations("programEditor");
  const typeLabel = useProgramTypeName();
  const text = useMessageText();
  const { register, setValue, clearErrors, watch, formState } = useFormContext<ProgramInput>();
  const selected = watch("type");
  // One handler for the whole radio group (react-hook-form keeps one per field
  // name), so it reads the picked type from the event.
  const loadDefaults = (event: ChangeEvent<HTMLInputElement>) => {
    setValue("rules", defaultRules(event.target.value));
    clearErrors("rules");
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">{editor("typePicker")}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {PROGRAM_TYPES.map((type) => (
          <label
            key={type}
            className={cn(
              "relative flex cursor-pointer flex-col gap-1 rounded-xl border p-3 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40",
              selected === type
                ? "border-brand bg-brand/5 dark:bg-brand/15"
                : "border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600",
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                value={type}
                aria-label={typeLabel(type)}
                aria-describedby={`type-hint-${type}`}
                className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
                {...register("type", { onChange: loadDefaults })}
              />
              <span aria-hidden="true" className="shrink-0">
                <ProgramTypeIcon type={type} size={20} className="text-brand dark:text-indigo-300" />
              </span>
              {typeLabel(type)}
            </span>
            <span id={`type-hint-${type}`} className="text-xs text-slate-500 dark:text-slate-400">
              {t(`${type}.description`)}
            </span>
          </label>
        ))}
      </div>
      {formState.errors.type ? <FieldError>{text(formState.errors.type.message)}</FieldError> : null}
    </fieldset>
  );
}
