"use client";

import { useTranslations } from "next-intl";
import { useFormContext } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { MinimumAmountField, WinChanceField } from "@/components/programs/percent-field";
import { TiersEditor } from "@/components/programs/tiers-editor";
import { Field } from "@/components/ui/field";
import type { ProgramInput } from "@/lib/validation/programs";

type WholeNumberRule =
  "stampsRequired" | "pointsPerVisit" | "pointsPerEuro" | "threshold" | "visitsRequired" | "windowDays" | "withinDays";

/** The settings of the chosen type (lib/loyalty/rules.ts); each type's defaults are loaded when it is picked. */
export function ProgramRulesFields({ type }: { type: string }) {
  const t = useTranslations("programEditor.rulesFields");
  const text = useMessageText();
  const { register, formState } = useFormContext<ProgramInput>();
  const errors = formState.errors.rules;

  const whole = (name: WholeNumberRule, label: string, hint?: string, min = 1) => (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      hint={hint}
      {...register(`rules.${name}`, { valueAsNumber: true })}
      error={text(errors?.[name]?.message)}
    />
  );

  switch (type) {
    case "stamps":
      return whole("stampsRequired", t("stampsRequired"), t("stampsHint"));
    case "time-limited":
      return whole("stampsRequired", t("stampsRequired"), t("timeLimitedHint"));
    case "points":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {whole("pointsPerVisit", t("pointsPerVisit"), undefined, 0)}
          {whole("threshold", t("threshold"), t("thresholdHint"))}
          {whole("pointsPerEuro", t("pointsPerEuro"), t("pointsPerEuroHint"), 0)}
          <MinimumAmountField />
        </div>
      );
    case "visits":
      return whole("visitsRequired", t("visitsRequired"), t("visitsHint"));
    case "tier":
      return <TiersEditor />;
    case "referral":
      return (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4" {...register("rules.welcomeReward")} />
            {t("welcomeReward")}
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("referralHint")}</p>
        </div>
      );
    case "birthday":
      return whole("windowDays", t("windowDays"), t("windowDaysHint"), 0);
    case "challenge":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {whole("visitsRequired", t("visitsRequired"))}
          {whole("withinDays", t("withinDays"), t("withinDaysHint"))}
        </div>
      );
    case "gamified":
      return <WinChanceField />;
    case "anniversary":
      return <p className="text-sm text-slate-600 dark:text-slate-300">{t("anniversaryNone")}</p>;
    default:
      return <p className="text-sm text-slate-600 dark:text-slate-300">{t("otherNone")}</p>;
  }
}
