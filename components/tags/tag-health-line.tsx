import { getTranslations } from "next-intl/server";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import type { TagHealthView } from "@/lib/tags/health";

/** A tag's health on the owner's list (docs/tag-health.md): last tap, today against its usual day, a secure chip's counter. */
export async function TagHealthLine({
  health,
  total,
  zone,
  locale,
}: {
  health: TagHealthView;
  total: number;
  zone: string;
  locale: Locale;
}) {
  const t = await getTranslations("tags.health");
  const when = health.lastTapAt
    ? health.ago
      ? new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(health.ago.value, health.ago.unit)
      : formatInstantIn(health.lastTapAt, zone, locale, true)
    : null;
  return (
    <div className="space-y-0.5 text-sm text-slate-600 dark:text-slate-300" data-testid="tag-health">
      <p data-testid="tag-last-tap">
        {when ? (
          <time
            dateTime={health.lastTapAt!.toISOString()}
            title={formatInstantIn(health.lastTapAt!, zone, locale, true)}
          >
            {t("lastTap", { when })}
          </time>
        ) : (
          t("never")
        )}
      </p>
      <p>
        <span data-testid="tag-today">
          {health.usual === null
            ? t("todayNew", { today: health.tapsToday })
            : t("todayUsual", { today: health.tapsToday, usual: health.usual })}
        </span>
        {" · "}
        {t("total", { total })}
      </p>
      {health.chip ? (
        <p data-testid="tag-chip" className="font-mono text-xs">
          {t("chip", { counter: health.chip.counter })}
        </p>
      ) : null}
      {health.chip?.jump ? (
        <p role="note" data-testid="tag-chip-jump" className="text-amber-800 dark:text-amber-200">
          {t("jump", { gap: health.chip.jump })}
        </p>
      ) : null}
      {health.replays > 0 ? (
        <p role="note" data-testid="tag-replays" className="text-amber-800 dark:text-amber-200">
          {t("replays", { count: health.replays })}
        </p>
      ) : null}
      {health.plainUrl > 0 ? (
        <p role="note" data-testid="tag-plain-url" className="text-amber-800 dark:text-amber-200">
          {t("plainUrl", { count: health.plainUrl })}
        </p>
      ) : null}
    </div>
  );
}
