"use client";

import { useFormContext } from "react-hook-form";
import { WinChanceField } from "@/components/programs/percent-field";
import { TiersEditor } from "@/components/programs/tiers-editor";
import { Field } from "@/components/ui/field";
import type { ProgramInput } from "@/lib/validation/programs";

type WholeNumberRule =
  "stampsRequired" | "pointsPerVisit" | "threshold" | "visitsRequired" | "windowDays" | "withinDays";

/** The settings of the chosen type (lib/loyalty/rules.ts); each type's defaults are loaded when it is picked. */
export function ProgramRulesFields({ type }: { type: string }) {
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
      error={errors?.[name]?.message}
    />
  );

  switch (type) {
    case "stamps":
      return whole(
        "stampsRequired",
        "Stamps required",
        "One stamp per visit; a full card earns the reward and starts over.",
      );
    case "time-limited":
      return whole(
        "stampsRequired",
        "Stamps required",
        "Only visits between the start and end dates (both required) collect stamps.",
      );
    case "points":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {whole("pointsPerVisit", "Points per visit")}
          {whole("threshold", "Points needed for the reward", "The points are deducted when the reward is issued.")}
        </div>
      );
    case "visits":
      return whole("visitsRequired", "Visits required", "A reward every time a customer reaches this many visits.");
    case "tier":
      return <TiersEditor />;
    case "referral":
      return (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4" {...register("rules.welcomeReward")} />
            Also give the new customer a welcome reward
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            A customer who links through a friend&apos;s QR gives that friend the reward on their first visit.
          </p>
        </div>
      );
    case "birthday":
      return whole(
        "windowDays",
        "Days around the birthday",
        "0 means the birthday itself only. One reward per year.",
        0,
      );
    case "challenge":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {whole("visitsRequired", "Visits required")}
          {whole("withinDays", "Within (days)", "The visits must all fall within this many days.")}
        </div>
      );
    case "gamified":
      return <WinChanceField />;
    case "anniversary":
      return (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No settings: the reward comes with the first visit on or after each yearly anniversary of joining.
        </p>
      );
    default:
      return (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No settings: visits are counted, and no reward is issued automatically.
        </p>
      );
  }
}
