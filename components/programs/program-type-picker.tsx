"use client";

import type { ChangeEvent } from "react";
import { useFormContext } from "react-hook-form";
import { PROGRAM_TYPE_LABELS, ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { defaultRules, PROGRAM_TYPES } from "@/lib/loyalty/rules";
import type { ProgramInput } from "@/lib/validation/programs";
import { FieldError } from "@/components/ui/field";
import { cn } from "@/lib/utils";

const TYPE_HINTS: Record<string, string> = {
  stamps: "A stamp per visit; a full card earns the reward.",
  points: "Points per visit; a threshold earns the reward.",
  visits: "A reward every few visits.",
  tier: "Levels unlocked by visits, a reward at each new level.",
  referral: "Reward customers who bring a friend.",
  birthday: "A treat on a visit around the customer's birthday.",
  anniversary: "A treat each year the customer has been a member.",
  challenge: "A number of visits within a few days.",
  "time-limited": "A stamp card that runs between two dates.",
  gamified: "Every visit is a chance to win.",
  other: "Counts visits, without automatic rewards.",
};

export const typeLabel = (type: string) => PROGRAM_TYPE_LABELS[type] ?? "Other";

/** One card per program type (the radio is invisible and covers its card, so
 * a click anywhere on the card picks it). Picking a type loads its default rules, so
 * settings of the type picked before never leak into the new one. */
export function ProgramTypePicker() {
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
      <legend className="text-base font-semibold">Program type</legend>
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
              <span aria-hidden="true">
                <ProgramTypeIcon type={type} size={20} className="text-brand dark:text-indigo-300" />
              </span>
              {typeLabel(type)}
            </span>
            <span id={`type-hint-${type}`} className="text-xs text-slate-500 dark:text-slate-400">
              {TYPE_HINTS[type]}
            </span>
          </label>
        ))}
      </div>
      {formState.errors.type ? <FieldError>{formState.errors.type.message}</FieldError> : null}
    </fieldset>
  );
}
