import { getTranslations } from "next-intl/server";
import { Fragment } from "react";
import { ContactIconSvg } from "@/components/business/icons";
import { Card } from "@/components/ui/card";
import { locationAnchor, mapsUrl, type PublicLocation } from "@/lib/business/public-locations";
import type { Locale } from "@/lib/i18n/locales";
import { formatOpeningHours } from "@/lib/locations/format-hours";

/**
 * The public card's locations (docs/locations.md, "What owners and customers
 * see"): each open one with its address, its week's hours in `locale` and a
 * Google Maps link. Server markup only, in the cached card's named language.
 */
export async function BusinessLocations({ locations, locale }: { locations: PublicLocation[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "locationViews.card" });
  return (
    <section aria-labelledby="business-locations" className="space-y-3">
      <h2 id="business-locations" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <ul className="space-y-3">
        {locations.map((location) => {
          const hours = formatOpeningHours(location.openingHours, locale, t("closed"));
          const map = mapsUrl(location);
          return (
            <Card
              as="li"
              key={location.id}
              id={locationAnchor(location.id)}
              data-testid="business-location"
              className="space-y-3 p-4"
            >
              <div className="space-y-1">
                <h3 className="font-semibold break-words">{location.name}</h3>
                {location.address ? (
                  <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
                    <span className="mt-0.5 shrink-0">
                      <ContactIconSvg icon="pin" />
                    </span>
                    <address className="break-words not-italic">{location.address}</address>
                  </p>
                ) : null}
              </div>
              {hours.length > 0 ? (
                <dl
                  aria-label={t("hours", { name: location.name })}
                  className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
                >
                  {hours.map((line) => (
                    <Fragment key={line.days}>
                      <dt className="font-medium">{line.days}</dt>
                      <dd
                        className={
                          line.closed ? "text-slate-500 dark:text-slate-400" : "text-slate-700 dark:text-slate-200"
                        }
                      >
                        {line.hours}
                      </dd>
                    </Fragment>
                  ))}
                </dl>
              ) : null}
              {map ? (
                <a
                  href={map}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand underline underline-offset-2 dark:text-indigo-300"
                >
                  {t("map")}
                  <span className="sr-only"> ({location.name})</span>
                </a>
              ) : null}
            </Card>
          );
        })}
      </ul>
    </section>
  );
}
