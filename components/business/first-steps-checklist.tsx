import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FirstStepButton } from "@/components/business/first-step-button";
import type { FirstStepItem } from "@/lib/business/first-steps";
import { cn } from "@/lib/utils";

/**
 * A new owner's first steps for one business (docs/owner-tools.md, "First
 * steps"): each step links to where it is done, done steps are ticked. Shown
 * until every step is done or the owner hides it.
 */
export async function FirstStepsChecklist({ businessId, items }: { businessId: string; items: FirstStepItem[] }) {
  const t = await getTranslations("dashboard.home.firstSteps");
  const done = items.filter((item) => item.done).length;
  const headingId = `first-steps-${businessId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg bg-indigo-50 p-3 dark:bg-indigo-950"
      data-testid="first-steps"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h4 id={headingId} className="font-semibold">
          {t("heading")}
        </h4>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("progress", { done, total: items.length })}</p>
      </div>
      <ol className="space-y-2">
        {items.map((item) => (
          <li key={item.step} className="flex items-start gap-2" data-testid={`first-step-${item.step}`}>
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs",
                item.done
                  ? "border-emerald-600 bg-emerald-600 text-white"
                  : "border-slate-400 bg-white dark:bg-slate-900",
              )}
            >
              {item.done ? "✓" : ""}
            </span>
            <span className="min-w-0 break-words">
              <Link
                href={item.href}
                prefetch={false}
                className={cn(
                  "underline-offset-2 hover:underline",
                  item.done ? "text-slate-500 line-through dark:text-slate-400" : "text-brand dark:text-indigo-300",
                )}
              >
                {t(item.step)}
              </Link>
              <span className="sr-only" data-testid="first-step-state">
                {` (${item.done ? t("done") : t("todo")})`}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <FirstStepButton kind="dismiss" id={businessId} label={t("dismiss")} />
    </section>
  );
}
