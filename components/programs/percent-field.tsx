"use client";

import { useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { chanceToPercent, percentToChance } from "@/lib/validation/program-form";
import type { ProgramInput } from "@/lib/validation/programs";

const chanceOf = (text: string) => (text.trim() === "" ? Number.NaN : percentToChance(Number(text)));

function shownPercent(chance: number | undefined): string {
  const percent = chanceToPercent(chance);
  return Number.isNaN(percent) ? "" : String(percent);
}

/** The gamified win chance: stored 0..1, typed as a percentage. The text is
 * kept as typed ("12." stays "12.") and converted on every change. */
export function WinChanceField() {
  const { control } = useFormContext<ProgramInput>();
  const {
    field: { name, ref, value, onBlur, onChange },
    fieldState,
  } = useController({ control, name: "rules.winChance" });
  const [text, setText] = useState(() => shownPercent(value));
  // The value can also change from outside (a type switch loads the defaults,
  // a reset): then show it, unless the text already means that value.
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(chanceOf(text), value)) setText(shownPercent(value));
  }
  return (
    <Field
      label="Chance to win (%)"
      type="number"
      inputMode="decimal"
      min={0}
      max={100}
      step="any"
      hint="The chance that a visit wins the reward, e.g. 10 for one visit in ten."
      name={name}
      ref={ref}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(chanceOf(event.target.value));
      }}
      error={fieldState.error?.message}
    />
  );
}
