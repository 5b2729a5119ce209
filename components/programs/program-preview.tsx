import { formatProgramDay, programOfferLine, type OfferRules } from "@/components/programs/program-offer";
import { PROGRAM_TYPE_LABELS, ProgramTypeIcon } from "@/components/programs/program-type-icon";
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
  const starts = formatProgramDay(values.startDate);
  const ends = formatProgramDay(values.endDate);
  return (
    <section aria-labelledby="program-preview-heading" className="space-y-2">
      <h2 id="program-preview-heading" className="text-sm font-medium text-slate-500 dark:text-slate-400">
        Preview: what customers see
      </h2>
      <Card as="article" data-testid="program-preview" className="flex gap-3 rounded-xl p-4 shadow-sm">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand text-white">
          <ProgramTypeIcon type={values.type} size={22} />
        </span>
        <div className="min-w-0 space-y-1">
          <h3 className="font-medium break-words">
            {values.name?.trim() || PROGRAM_TYPE_LABELS[values.type] || "Your program"}
          </h3>
          {values.description?.trim() ? (
            <p className="text-sm break-words text-slate-600 dark:text-slate-300">{values.description}</p>
          ) : null}
          {starts || ends ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {starts ? <span>Starts {starts}</span> : null}
              {starts && ends ? " · " : null}
              {ends ? <span>Ends {ends}</span> : null}
            </p>
          ) : null}
          <p className="text-sm font-medium break-words">
            {programOfferLine(values.type, values.rules, values.rewardName ?? undefined)}
          </p>
        </div>
      </Card>
    </section>
  );
}
