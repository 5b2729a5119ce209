"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { FieldError, inputClass } from "@/components/ui/field";

type Props = {
  label: string;
  unit: string;
  value: number | null;
  /** The number a condition starts from when it is turned on. */
  start: number;
  min: number;
  max: number;
  onChange: (value: number | null) => void;
  hint?: string;
};

/**
 * One condition with a number ("Haven't visited in [30] days"): a checkbox
 * turns it on or off; the text is kept as typed and reported as a number only
 * when it is a whole number in range (null stays off, an invalid text keeps
 * the last good number and says why).
 */
export function SegmentNumberCondition({ label, unit, value, start, min, max, onChange, hint }: Props) {
  const t = useTranslations("segments.builder");
  const id = useId();
  const [text, setText] = useState(() => String(value ?? start));
  const number = Number(text);
  const valid = text.trim() !== "" && Number.isInteger(number) && number >= min && number <= max;
  const on = value !== null;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-on`}
          type="checkbox"
          className="h-4 w-4"
          checked={on}
          onChange={(event) => onChange(event.target.checked ? (valid ? number : start) : null)}
        />
        <label htmlFor={`${id}-on`} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-n`}
          type="number"
          inputMode="numeric"
          aria-label={`${label} (${unit})`}
          aria-invalid={on && !valid ? true : undefined}
          aria-describedby={on && !valid ? `${id}-error` : undefined}
          min={min}
          max={max}
          step={1}
          disabled={!on}
          value={text}
          // The shared field is full-width; here the number sits inside its sentence.
          className={inputClass.replace("block w-full", "inline-block w-24")}
          onChange={(event) => {
            setText(event.target.value);
            const next = Number(event.target.value);
            if (event.target.value.trim() !== "" && Number.isInteger(next) && next >= min && next <= max)
              onChange(next);
          }}
        />
        <span className="text-sm">{unit}</span>
      </div>
      {on && !valid ? <FieldError id={`${id}-error`}>{t("outOfRange", { min, max })}</FieldError> : null}
      {hint ? <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}
