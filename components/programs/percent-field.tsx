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

/**
 * A rule typed as text and stored as a number: the text is kept as typed
 * ("12." stays "12.") and converted on every change. The value can also change
 * from outside (a type switch loads the defaults, a reset): then the text shows
 * it, unless it already means that value.
 */
function useTypedNumber(
  name: "rules.winChance" | "rules.minimumCents",
  parse: (text: string) => number,
  show: (value: number | undefined) => string,
) {
  const messageText = useMessageText();
  const { control } = useFormContext<ProgramInput>();
  const {
    field: { ref, value, onBlur, onChange },
    fieldState,
  } = useController({ control, name });
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(parse(text), value)) setText(show(value));
  }
  return {
    name,
    ref,
    value: text,
    onBlur,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      onChange(parse(event.target.value));
    },
    error: messageText(fieldState.error?.message),
  };
}

/** The gamified win chance: stored 0..1, typed as a percentage. */
export function WinChanceField() {
  const t = useTranslations("programEditor.rulesFields");
  const field = useTypedNumber("rules.winChance", chanceOf, shownPercent);
  return (
    <Field
      label={t("winChance")}
      type="number"
      inputMode="decimal"
      min={0}
      max={100}
      step="any"
      hint={t("winChanceHint")}
      {...field}
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
  const field = useTypedNumber("rules.minimumCents", centsOf, shownEuros);
  return (
    <Field
      label={t("minimumAmount")}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      hint={t("minimumAmountHint")}
      {...field}
    />
  );
}
