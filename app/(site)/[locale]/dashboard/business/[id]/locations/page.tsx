import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { BusinessPageTabs } from "@/components/business/business-page-tabs";
import { AddLocation } from "@/components/locations/add-location";
import { LocationControls } from "@/components/locations/location-controls";
import { Card } from "@/components/ui/card";
import { requestNow } from "@/lib/clock";
import { listLocationsWithTags, type LocationListRow } from "@/lib/db/locations";
import { formatInstantIn, weekdayName } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { formatOpeningHours, readOpeningHours } from "@/lib/locations/format-hours";
import { WEEK_DAYS } from "@/lib/locations/hours";
import { isOpenAt } from "@/lib/locations/open-now";
import { timeZoneChoices } from "@/lib/locations/time-zones";
import { displayZone } from "@/lib/time/display-zone";
import { loadOwnedBusiness, ownedPageMetadata } from "../owned";
import { withPageMessages } from "@/components/i18n/page-messages";
import { CLIENT_NAMESPACES } from "./client-namespaces";

type Props = { params: Promise<{ id: string }> };

// The business's locations (docs/locations.md, "The owner's page"): the open
// ones in the owner's order (the first is the main one), the closed ones
// apart. Only the owner (../owned.ts).

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return ownedPageMetadata((await params).id, "locations.page");
}

async function LocationsPage({ params }: Props) {
  const business = (await loadOwnedBusiness((await params).id))?.business;
  if (!business) notFound();
  const [rows, t, locale, now] = await Promise.all([
    listLocationsWithTags(business.id),
    getTranslations("locations"),
    getLocale() as Promise<Locale>,
    headers().then(requestNow),
  ]);
  const open = rows.filter((row) => !row.closedAt);
  const closed = rows.filter((row) => row.closedAt);
  const dayNames = WEEK_DAYS.map((day) => weekdayName(day, locale, "long"));
  const timezones = timeZoneChoices([business.timezone, ...rows.map((row) => row.timezone)]);

  const card = (row: LocationListRow, index: number) => {
    // The week as the public card shows it (docs/locations.md, "The public card").
    const hours = readOpeningHours(row.openingHours);
    const week = formatOpeningHours(hours, locale, t("list.closedDay"));
    const openNow = row.closedAt ? null : isOpenAt(hours, row.timezone, now);
    return (
      <Card
        key={row.id}
        as="li"
        className="space-y-3 p-4"
        data-testid={`location-${row.id}`}
        aria-labelledby={`location-name-${row.id}`}
      >
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`location-name-${row.id}`} className="text-lg font-semibold break-words">
              {row.name}
            </h3>
            {!row.closedAt && index === 0 ? (
              <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
                {t("list.main")}
              </span>
            ) : null}
            {openNow !== null ? (
              <span
                className={
                  openNow
                    ? "rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
                    : "rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                }
              >
                {openNow ? t("list.openNow") : t("list.closedNow")}
              </span>
            ) : null}
          </div>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">{row.address ?? t("list.noAddress")}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("list.tags", { count: row.tagCount })}
            {row.closedAt
              ? ` · ${t("list.closedOn", { date: formatInstantIn(row.closedAt, displayZone(business.timezone), locale) })}`
              : ""}
            {row.timezone !== business.timezone ? ` · ${row.timezone}` : ""}
          </p>
        </div>
        {week.length ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {week.map((line) => (
              <div key={line.days} className="contents">
                <dt className="font-medium">{line.days}</dt>
                <dd>{line.hours}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("list.noHours")}</p>
        )}
        <LocationControls
          businessId={business.id}
          locationId={row.id}
          name={row.name}
          closed={Boolean(row.closedAt)}
          canMoveUp={!row.closedAt && index > 0}
          canMoveDown={!row.closedAt && index < open.length - 1}
          onlyOpen={!row.closedAt && open.length === 1}
          values={{
            name: row.name,
            address: row.address ?? "",
            placeId: row.placeId,
            timezone: row.timezone,
            openingHours: hours,
          }}
          timezones={timezones}
          dayNames={dayNames}
        />
      </Card>
    );
  };

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
          <Link href={`/dashboard/business/${encodeURIComponent(business.id)}`} className="underline">
            {t("page.back")}
          </Link>{" "}
          · {business.name}
        </p>
        <h1 className="text-2xl font-bold">{t("page.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
      </header>
      <BusinessPageTabs businessId={business.id} current="locations" viewer="owner" />

      <Card as="section" aria-labelledby="add-location-heading" className="space-y-3 p-4">
        <h2 id="add-location-heading" className="text-lg font-semibold">
          {t("add.heading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("add.intro")}</p>
        <AddLocation
          businessId={business.id}
          initial={{ name: "", address: "", placeId: null, timezone: business.timezone, openingHours: [] }}
          timezones={timezones}
          dayNames={dayNames}
        />
      </Card>

      <section aria-labelledby="open-locations-heading" className="space-y-3">
        <h2 id="open-locations-heading" className="text-lg font-semibold">
          {t("list.openHeading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.openIntro")}</p>
        <ul className="space-y-3">{open.map(card)}</ul>
      </section>

      {closed.length ? (
        <section aria-labelledby="closed-locations-heading" className="space-y-3">
          <h2 id="closed-locations-heading" className="text-lg font-semibold">
            {t("list.closedHeading")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.closedIntro")}</p>
          <ul className="space-y-3">{closed.map(card)}</ul>
        </section>
      ) : null}
    </div>
  );
}

export default withPageMessages(CLIENT_NAMESPACES, LocationsPage);
