"use client";

import { useTranslations } from "next-intl";
import type { SegmentCount } from "@/lib/db/segments";

type Props = { count: SegmentCount | null; counting: boolean; failed: boolean };

/** "N members · M reachable", why the others cannot be reached, and the reachable by their best channel. */
export function SegmentCountSummary({ count, counting, failed }: Props) {
  const t = useTranslations("segments.count");
  return (
    <div aria-live="polite" className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      {failed ? <p className="text-red-700 dark:text-red-400">{t("failed")}</p> : null}
      {count ? (
        <div className={counting ? "opacity-60" : undefined}>
          <p className="font-semibold">{t("summary", { members: count.members, reachable: count.reachable })}</p>
          {count.noConsent > 0 ? <p>{t("noConsent", { count: count.noConsent })}</p> : null}
          {count.noChannel > 0 ? <p>{t("noChannel", { count: count.noChannel })}</p> : null}
          <p className="text-slate-600 dark:text-slate-300">{t("channels", count.byChannel)}</p>
        </div>
      ) : counting ? (
        <p>{t("counting")}</p>
      ) : null}
    </div>
  );
}
