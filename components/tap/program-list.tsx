import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ProgramProgress } from "@/components/programs/program-card";
import { programProgressText, type ProgramProgressText } from "@/components/programs/program-progress-text";
import { programCardColors, ThemedProgramCard } from "@/components/programs/themed-program-card";
import type { ProgramSummary } from "@/lib/db/tap-landing";
import type { ProgressDescription } from "@/lib/loyalty";
import type { Theme } from "@/lib/business/theme";
import type { Locale } from "@/lib/i18n/locales";
import { getKeyTranslator } from "@/lib/i18n/translator";

/** Where a page shows progress its own way (the signed-in tap page follows the visit's answer). */
export type RenderProgress = (
  program: ProgramSummary,
  initial: ProgramProgressText | null,
  barColor: string,
) => ReactNode;

/**
 * The running programs, in `locale` (the business's language on a visitor's
 * page): what each offers, and with `progress` the customer's. With no
 * programs a visitor sees nothing; a signed-in customer is told so. Server
 * markup only: the cached visitor pages and the public card ship no code for it.
 */
export async function ProgramList({
  programs,
  progress,
  theme,
  showEmpty,
  renderProgress,
  locale,
}: {
  programs: ProgramSummary[];
  progress: Record<string, ProgressDescription>;
  theme: Theme;
  showEmpty: boolean;
  renderProgress?: RenderProgress;
  locale: Locale;
}) {
  if (programs.length === 0 && !showEmpty) return null;
  const [t, lines] = await Promise.all([
    getTranslations({ locale, namespace: "tap.programs" }),
    getKeyTranslator(locale),
  ]);
  const colors = programCardColors(theme);
  return (
    <section aria-labelledby="active-programs" className="space-y-3">
      <h2 id="active-programs" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {programs.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {programs.map((program) => {
            const mine = progress[program.id];
            const initial = mine ? programProgressText(lines, program.name, mine) : null;
            return (
              <ThemedProgramCard
                key={program.id}
                program={program}
                lines={lines}
                locale={locale}
                colors={colors}
                progress={
                  renderProgress ? (
                    renderProgress(program, initial, colors.bar)
                  ) : initial ? (
                    <ProgramProgress progress={initial} barColor={colors.bar} />
                  ) : null
                }
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
