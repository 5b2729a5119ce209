"use client";

import { useTranslations } from "next-intl";
import { WIZARD_STEPS } from "@/lib/validation/business-registration";
import { cn } from "@/lib/utils";

/** "1 Business · 2 Account · 3 Confirm", with the current step marked for assistive technology. */
export function StepIndicator({ current }: { current: number }) {
  const t = useTranslations("wizard.steps");
  return (
    <ol aria-label={t("list")} className="flex items-center gap-1.5 sm:gap-2">
      {WIZARD_STEPS.map((step, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        const last = index === WIZARD_STEPS.length - 1;
        return (
          <li
            key={step.id}
            aria-current={state === "current" ? "step" : undefined}
            className={cn("flex items-center gap-1.5 sm:gap-2", last ? "shrink-0" : "min-w-0 flex-1")}
          >
            <span
              className={cn(
                "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold sm:h-8 sm:w-8",
                state === "todo"
                  ? "border border-slate-300 text-slate-500 dark:border-slate-600 dark:text-slate-400"
                  : "bg-brand text-white",
              )}
            >
              {index + 1}
            </span>
            <span
              className={cn("text-sm", state === "current" ? "font-semibold" : "text-slate-500 dark:text-slate-400")}
            >
              {t(step.id)}
              {state === "done" ? <span className="sr-only"> {t("completed")}</span> : null}
            </span>
            {last ? null : <span aria-hidden="true" className="h-px min-w-2 flex-1 bg-slate-200 dark:bg-slate-700" />}
          </li>
        );
      })}
    </ol>
  );
}
