import { useLocale, useTranslations } from "next-intl";
import { formatProgramDay, programOfferLine, type OfferRules } from "@/components/programs/program-offer";
import { ProgramTypeIcon } from "@/components/programs/program-type-icon";
import { useProgramTypeName } from "@/components/programs/program-type-name";
import type { Locale } from "@/lib/i18n/locales";
import { Card } from "@/components/ui/card";

export type ProgramPreviewValues = {
  type: string;
  name?: string | null;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  rules?: OfferRules;
  rewardName?: string | null;
};

/** The program card as a customer will see it on the tap page (same layout as the tap page's list). */
export function ProgramPreview({ values }: { values: ProgramPreviewValues }) {
  const t = useTranslations("programEditor");
  const typeName = useProgramTypeName();
  const locale = useLocale() as Locale;
  const starts = formatProgramDay(values.startDate, locale);
  const ends = formatProgramDay(values.endDate, locale);
  return (
    <section aria-labelledby="program-preview-heading" className="space-y-2">
      <h2 id="program-preview-heading" className="text-sm font-medium text-slate-500 dark:text-slate-400">
        {t("preview.heading")}
      </h2>
      <Card as="article" data-testid="program-preview" className="flex gap-3 rounded-xl p-4 shadow-sm">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand text-white">
          <ProgramTypeIcon type={values.type} size={22} label={typeName(values.type)} />
        </span>
        <div className="min-w-0 space-y-1">
          <h3 className="font-medium break-words">
            {values.name?.trim() || typeName(values.type, t("preview.yourProgram"))}
          </h3>
          {values.description?.trim() ? (
            <p className="text-sm break-words text-slate-600 dark:text-slate-300">{values.description}</p>
          ) : null}
          {starts || ends ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {starts ? <span>{t("dates.starts", { date: starts })}</span> : null}
              {starts && ends ? " · " : null}
              {ends ? <span>{t("dates.ends", { date: ends })}</span> : null}
            </p>
          ) : null}
          <p className="text-sm font-medium break-words">
            {programOfferLine(
              (key, args) => t(`offer.${key}`, args),
              values.type,
              values.rules,
              values.rewardName ?? undefined,
            )}
          </p>
        </div>
      </Card>
    </section>
  );
}
