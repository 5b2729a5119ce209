import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatProgramDay } from "@/components/programs/program-offer";
import { ProgramStatusBadge } from "@/components/programs/program-status-badge";
import { PROGRAM_TYPE_LABELS, ProgramTypeIcon } from "@/components/programs/program-type-icon";
import type { Locale } from "@/lib/i18n/locales";
import { buttonClass } from "@/components/ui/button";
import { listBusinessPrograms } from "@/lib/db/programs";
import { programStatus } from "@/lib/loyalty/program-status";

/** The owner's programs on their business page: type, name, status and dates, each linking to its page. */
export async function BusinessProgramsSection({ ownerId, businessId }: { ownerId: string; businessId: string }) {
  const [programs, t, where, types, locale] = await Promise.all([
    listBusinessPrograms(ownerId, businessId),
    getTranslations("programEditor"),
    getTranslations("locations.programs"),
    getTranslations("programs.types"),
    getLocale() as Promise<Locale>,
  ]);
  const typeName = (type: string) => (type in PROGRAM_TYPE_LABELS ? types(`${type}.name`) : types("other.name"));
  return (
    <section aria-labelledby="programs-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="programs-heading" className="text-lg font-semibold">
          {t("section.heading")}
        </h2>
        <Link
          href={`/dashboard/program/create?businessId=${encodeURIComponent(businessId)}`}
          className={buttonClass("secondary")}
        >
          {t("section.new")}
        </Link>
      </div>
      {programs.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t("section.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {programs.map((program) => {
            const starts = formatProgramDay(program.startDate, locale);
            const ends = formatProgramDay(program.endDate, locale);
            return (
              <li key={program.id} data-testid={`program-${program.id}`}>
                <Link
                  href={`/dashboard/program/${program.id}`}
                  className="flex items-center gap-3 p-4 hover:bg-slate-50 dark:hover:bg-slate-900"
                >
                  <span className="text-brand dark:text-indigo-300" aria-hidden="true">
                    <ProgramTypeIcon type={program.type} size={22} label={typeName(program.type)} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words">{program.name}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {typeName(program.type)}
                      {starts ? ` · ${t("dates.starts", { date: starts })}` : ""}
                      {ends ? ` · ${t("dates.ends", { date: ends })}` : ""}
                    </span>
                    {/* Where it runs, only when not everywhere (docs/locations.md). */}
                    {program.allLocations ? null : (
                      <span
                        className="block text-xs text-slate-500 dark:text-slate-400"
                        data-testid="program-locations"
                      >
                        {where("onlyAt", { locations: program.locations.map((l) => l.location.name).join(", ") })}
                      </span>
                    )}
                  </span>
                  <ProgramStatusBadge status={programStatus(program)} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
