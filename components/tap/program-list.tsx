import { getTranslations } from "next-intl/server";
import { PROGRAM_TYPE_LABELS, ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { Card } from "@/components/ui/card";
import type { ProgramSummary } from "@/lib/db/tap-landing";
import type { ProgressDescription } from "@/lib/loyalty";
import { readableTextOn, type Theme } from "@/lib/business/theme";
import { formatDay } from "@/lib/i18n/dates";
import type { Locale } from "@/lib/i18n/locales";
import { renderLine } from "@/lib/i18n/loyalty-lines";
import type { KeyTranslator } from "@/lib/i18n/message-key";

/** The running programs, in `locale` (the business's language on a visitor's page). */
export async function ProgramList({
  programs,
  progress,
  theme,
  showEmpty,
  locale,
}: {
  programs: ProgramSummary[];
  progress: Record<string, ProgressDescription>;
  theme: Theme;
  showEmpty: boolean;
  locale: Locale;
}) {
  const [t, types, lines] = await Promise.all([
    getTranslations({ locale, namespace: "tap.programs" }),
    getTranslations({ locale, namespace: "programs" }),
    getTranslations({ locale }),
  ]);
  // A type the product knows is named in the catalog; any other reads as a loyalty program.
  const typeName = (type: string) => (type in PROGRAM_TYPE_LABELS ? types(`types.${type}.name`) : types("unknownType"));
  return (
    <section aria-labelledby="active-programs" className="space-y-3">
      <h2 id="active-programs" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {programs.length === 0 ? (
        showEmpty ? (
          <p className="text-slate-600 dark:text-slate-400">{t("empty")}</p>
        ) : null
      ) : (
        <ul className="space-y-3">
          {programs.map((program) => {
            const mine = progress[program.id];
            return (
              <Card as="li" key={program.id} className="flex gap-3 rounded-xl p-4">
                <span
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full"
                  style={{ backgroundColor: theme.primaryColor, color: readableTextOn(theme.primaryColor) }}
                >
                  <ProgramTypeIcon type={program.type} size={22} label={typeName(program.type)} />
                </span>
                <div className="min-w-0 space-y-1">
                  <h3 className="font-medium">{program.name}</h3>
                  {program.description ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">{program.description}</p>
                  ) : null}
                  {program.startDate || program.endDate ? (
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {program.startDate ? (
                        <span className="whitespace-nowrap">
                          {t("starts", { date: formatDay(program.startDate, locale) })}
                        </span>
                      ) : null}
                      {program.startDate && program.endDate ? " · " : null}
                      {program.endDate ? (
                        <span className="whitespace-nowrap">
                          {t("ends", { date: formatDay(program.endDate, locale) })}
                        </span>
                      ) : null}
                    </p>
                  ) : null}
                  {mine ? (
                    <p className="text-sm font-medium">{renderLine(lines as unknown as KeyTranslator, mine.line)}</p>
                  ) : null}
                </div>
              </Card>
            );
          })}
        </ul>
      )}
    </section>
  );
}
