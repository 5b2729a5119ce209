"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMessageText } from "@/components/i18n/use-message-text";
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
  const t = useTranslations("programEditor.rulesFields");
  const messageText = useMessageText();
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
      label={t("winChance")}
      type="number"
      inputMode="decimal"
      min={0}
      max={100}
      step="any"
      hint={t("winChanceHint")}
      name={name}
      ref={ref}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(chanceOf(event.target.value));
      }}
      error={messageText(fieldState.error?.message)}
    />
  );
}

/** Typed euros ("5", "5.50") as whole cents; NaN for what is not an amount (the schema then says so). */
const centsOf = (text: string) => {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return Number.NaN;
  const euros = Number(trimmed);
  return Number.isFinite(euros) ? Math.round(euros * 100) : Number.NaN;
};

const shownEuros = (cents: number | undefined) =>
  typeof cents === "number" && Number.isFinite(cents) ? String(cents / 100) : "";

/** A points program's minimum purchase: stored in cents (docs/purchases.md), typed in euros. */
export function MinimumAmountField() {
  const t = useTranslations("programEditor.rulesFields");
  const messageText = useMessageText();
  const { control } = useFormContext<ProgramInput>();
  const {
    field: { name, ref, value, onBlur, onChange },
    fieldState,
  } = useController({ control, name: "rules.minimumCents" });
  const [text, setText] = useState(() => shownEuros(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(centsOf(text), value)) setText(shownEuros(value));
  }
  return (
    <Field
      label={t("minimumAmount")}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      hint={t("minimumAmountHint")}
      name={name}
      ref={ref}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(centsOf(event.target.value));
      }}
      error={messageText(fieldState.error?.message)}
    />
  );
}
