import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { MoveTagForm } from "@/components/locations/move-tag-form";
import { TagAlertPush } from "@/components/push/tag-alert-push";
import { TagHealthLine } from "@/components/tags/tag-health-line";
import { TagRowActions } from "@/components/tags/tag-row-actions";
import { buttonClass } from "@/components/ui/button";
import { locationChoices } from "@/lib/db/locations";
import { listBusinessTags } from "@/lib/db/tags";
import { formatInstantIn } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { readOpeningHours } from "@/lib/locations/format-hours";
import { tagHealthView } from "@/lib/tags/health";
import { displayZone } from "@/lib/time/display-zone";

/** The owner's tags on their business page: label, claimed date, health (docs/tag-health.md), print QR, write or check a sticker, rename, release. */
export async function BusinessTagsSection({ ownerId, businessId }: { ownerId: string; businessId: string }) {
  const [found, choices, t, where, locale] = await Promise.all([
    listBusinessTags(ownerId, businessId),
    locationChoices([businessId]),
    getTranslations("tags.section"),
    getTranslations("locations.tags"),
    getLocale() as Promise<Locale>,
  ]);
  const tags = found?.tags ?? [];
  const now = new Date();
  // Where each tag hangs, only once the business has more than one location (docs/locations.md, "Tags").
  const locations = found ? choices : [];
  const located = locations.length > 1;
  const open = locations.filter((location) => !location.closed);
  const placeOf = (locationId: string | null) => locations.find((location) => location.id === locationId);
  const zone = displayZone(found?.timeZone ?? "UTC");
  // A claimed tag opens a card with nothing to collect until a program exists: say so, and where.
  const needsProgram = tags.length > 0 && found?.hasPrograms === false;
  return (
    <section aria-labelledby="tags-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="tags-heading" className="text-lg font-semibold">
          {t("heading")}
        </h2>
        <Link href="/dashboard/tag/claim" className={buttonClass("secondary")}>
          {t("claim")}
        </Link>
      </div>
      {/* Tag alerts by web push in this browser: the page is the owner's only (docs/tag-health.md, "Alerts"). */}
      <TagAlertPush ownerId={ownerId} />
      {needsProgram ? (
        <p
          role="note"
          data-testid="tags-no-programs"
          className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="block">{t("noProgramsHint")}</span>
          <Link
            href={`/dashboard/program/create?businessId=${encodeURIComponent(businessId)}`}
            className="font-medium underline"
          >
            {t("createProgram")}
          </Link>
        </p>
      ) : null}
      {tags.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {tags.map((tag) => (
            <li
              key={tag.id}
              data-testid={`tag-${tag.id}`}
              className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium break-words">
                  {tag.label ?? t("unnamed")} <span className="font-mono text-sm text-slate-500">({tag.id})</span>
                  {tag.secure ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">
                      {t("secure")}
                    </span>
                  ) : null}
                </p>
                {tag.claimedAt ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {t("claimedOn", { date: formatInstantIn(tag.claimedAt, zone, locale) })}
                  </p>
                ) : null}
              </div>
              <TagHealthLine
                health={tagHealthView(tag, readOpeningHours(tag.openingHours), found!.today, now, found!.timeZone)}
                total={tag.tapsTotal}
                zone={zone}
                locale={locale}
              />
              {located ? (
                <div className="flex flex-wrap items-center gap-3" data-testid="tag-location">
                  <p className="text-sm">
                    {placeOf(tag.locationId)?.closed
                      ? where("atClosed", { location: placeOf(tag.locationId)?.name ?? "" })
                      : where("at", { location: placeOf(tag.locationId)?.name ?? "" })}
                  </p>
                  <MoveTagForm
                    businessId={businessId}
                    tagId={tag.id}
                    locationId={tag.locationId}
                    open={open.map(({ id, name }) => ({ id, name }))}
                  />
                </div>
              ) : null}
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  href={`/dashboard/tag/${encodeURIComponent(tag.id)}/qr`}
                  className="text-sm text-brand underline dark:text-indigo-300"
                >
                  {t("printQr")}
                </Link>
                <Link
                  href={`/dashboard/tag/${encodeURIComponent(tag.id)}/write`}
                  className="text-sm text-brand underline dark:text-indigo-300"
                >
                  {t("writeSticker")}
                </Link>
                <Link
                  href={`/dashboard/tag/${encodeURIComponent(tag.id)}/secure`}
                  className="text-sm text-brand underline dark:text-indigo-300"
                >
                  {t("secureSettings")}
                </Link>
                <TagRowActions tagId={tag.id} label={tag.label} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
