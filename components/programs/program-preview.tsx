import { useLocale, useTranslations } from "next-intl";
import { ProgramCard } from "@/components/programs/program-card";
import { programCardText } from "@/components/programs/program-card-text";
import { PROGRAM_TYPE_LABELS } from "@/components/programs/program-type-icon";
import type { Locale } from "@/lib/i18n/locales";
import { useKeyTranslator } from "@/components/i18n/use-key-translator";
import { describeOffer } from "@/lib/loyalty";

export type ProgramPreviewValues = {
  type: string;
  name?: string | null;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  /** The rules as the form holds them mid-edit: any field may be missing or half typed. */
  rules?: unknown;
  rewardName?: string | null;
};

/**
 * The program's card exactly as customers will see it (the same ProgramCard and
 * the engine's own offer line). Rules the engine would refuse, mid-edit, have
 * no offer yet: the preview says so instead of guessing.
 */
export function ProgramPreview({ values }: { values: ProgramPreviewValues }) {
  const t = useTranslations("programEditor");
  const root = useKeyTranslator();
  const locale = useLocale() as Locale;
  const reward = values.rewardName?.trim() || t("preview.rewardPlaceholder");
  const offer = describeOffer(values.type, values.rules, reward);
  const text = programCardText(root, locale, {
    type: values.type,
    name: values.name?.trim() || "",
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    offer,
  });
  return (
    <section aria-labelledby="program-preview-heading" className="space-y-2">
      <h2 id="program-preview-heading" className="text-sm font-medium text-slate-500 dark:text-slate-400">
        {t("preview.heading")}
      </h2>
      <ProgramCard
        as="article"
        testId="program-preview"
        type={values.type}
        text={{
          ...text,
          name: text.name || (values.type in PROGRAM_TYPE_LABELS ? text.typeName : t("preview.yourProgram")),
          offer: text.offer ?? t("preview.incomplete"),
        }}
      />
    </section>
  );
}
