import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SeasonPauseForm } from "@/components/business-lifecycle/season-pause-form";
import { buttonClass } from "@/components/ui/button";
import { closureAt, reopeningDayBounds, reopeningValues } from "@/lib/business/season-pause";
import { getOwnedPause, pauseOf } from "@/lib/db/season-pause";

const sectionClass = "space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800";

/**
 * The business's settings below its profile (docs/business-lifecycle.md):
 * "Closed for the season" with its state and form, and the way to "Delete
 * this business". The owner's only: the page has checked it is theirs.
 */
export async function BusinessLifecycleSection({
  ownerId,
  businessId,
  now,
}: {
  ownerId: string;
  businessId: string;
  now: Date;
}) {
  const pause = await getOwnedPause(ownerId, businessId);
  if (!pause) return null;
  const [t, tDelete] = await Promise.all([getTranslations("lifecycle.pause"), getTranslations("lifecycle.delete")]);
  const closure = closureAt(pauseOf(pause), pause.timezone, now);
  const status = !closure
    ? t("open")
    : closure.until
      ? t("closedUntil", reopeningValues(closure.until))
      : t("closedIndefinitely");
  return (
    <>
      <section aria-labelledby="season-pause-heading" className={sectionClass} data-testid="season-pause">
        <h2 id="season-pause-heading" className="text-xl font-semibold">
          {t("heading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
        <p role="status" className="font-medium" data-testid="season-pause-status">
          {status}
        </p>
        <SeasonPauseForm
          // A new state (closed, reopened) starts the form afresh.
          key={`${closure ? "closed" : "open"}:${closure?.until ?? ""}`}
          businessId={businessId}
          closed={closure !== null}
          until={closure?.until ?? null}
          bounds={reopeningDayBounds(pause.timezone, now)}
        />
      </section>
      <section aria-labelledby="delete-business-heading" className={sectionClass}>
        <h2 id="delete-business-heading" className="text-xl font-semibold text-red-700 dark:text-red-400">
          {tDelete("heading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{tDelete("intro")}</p>
        <Link
          href={`/dashboard/business/${encodeURIComponent(businessId)}/delete`}
          className={buttonClass("secondary", "text-red-700 dark:text-red-400")}
        >
          {tDelete("open")}
        </Link>
      </section>
    </>
  );
}
