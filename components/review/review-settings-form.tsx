"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { saveReviewSettingsAction } from "@/lib/actions/review";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { FormSection } from "@/components/ui/form-section";
import { useHydrated } from "@/components/ui/client-form";
import { REVIEW_BOUNDS, type ReviewRules } from "@/lib/review/rules";

type RuleName = keyof ReviewRules;
const NUMBERS: { [R in RuleName]: (keyof (typeof REVIEW_BOUNDS)[R])[] } = {
  tagSpread: ["tags", "minutes"],
  tagBurst: ["factor", "minTaps"],
  guestAddress: ["cards", "minutes"],
  offHours: ["visits"],
};

/** The owner's hold rules: each rule's switch and numbers, within the bounds the server checks again. */
export function ReviewSettingsForm({ businessId, rules }: { businessId: string; rules: ReviewRules }) {
  const t = useTranslations("review.settings");
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const read = (rule: RuleName) => {
      const out: Record<string, unknown> = { on: data.get(`${rule}.on`) === "on" };
      for (const field of NUMBERS[rule] as string[]) out[field] = Number(data.get(`${rule}.${field}`));
      return out;
    };
    const next = {
      tagSpread: read("tagSpread"),
      tagBurst: read("tagBurst"),
      guestAddress: read("guestAddress"),
      offHours: read("offHours"),
    };
    startTransition(async () => {
      const result = await saveReviewSettingsAction({ businessId, rules: next }).catch(() => null);
      if (!result) setError(t("failed"));
      else if (!result.ok) setError(result.error);
      else {
        setError(null);
        toast.success(t("saved"));
      }
    });
  };

  return (
    <form
      aria-label={t("formLabel")}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      {(Object.keys(NUMBERS) as RuleName[]).map((rule) => (
        <FormSection key={rule} legend={t(`${rule}.title`)}>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t(`${rule}.why`)}</p>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={`${rule}.on`} defaultChecked={rules[rule].on} />
            {t("on")}
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            {(NUMBERS[rule] as string[]).map((field) => {
              const bounds = (REVIEW_BOUNDS[rule] as Record<string, { min: number; max: number }>)[field]!;
              return (
                <Field
                  key={field}
                  name={`${rule}.${field}`}
                  id={`review-${rule}-${field}`}
                  label={t(`${rule}.${field}`)}
                  type="number"
                  inputMode="numeric"
                  required
                  min={bounds.min}
                  max={bounds.max}
                  step={1}
                  defaultValue={(rules[rule] as Record<string, unknown>)[field] as number}
                  hint={t("bounds", bounds)}
                />
              );
            })}
          </div>
        </FormSection>
      ))}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" disabled={pending || !hydrated}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
