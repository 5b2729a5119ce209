"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import { SegmentCountSummary } from "@/components/campaigns/segment-count";
import { useSegmentCount } from "@/components/campaigns/segment-live-count";
import { SegmentNumberCondition } from "@/components/campaigns/segment-number-condition";
import { EVERY_MEMBER, SEGMENT_LIMITS, type SegmentDefinition } from "@/lib/campaigns/segment";

type Props = {
  businessId: string;
  programs: { id: string; name: string }[];
  initial?: SegmentDefinition;
  /** The hidden input's name, which carries the segment (JSON) when the parent form submits. */
  name?: string;
  onChange?: (segment: SegmentDefinition) => void;
  /** suggestedLapsedDays() of the business: where "Haven't visited in" starts, and its hint. */
  suggestedLapsedDays?: number;
};

const checkbox = "flex items-center gap-2 text-sm font-medium";

/** Edits a segment (docs/campaigns.md, "Segments") and shows its live count. */
export function SegmentBuilder({
  businessId,
  programs,
  initial,
  name = "segment",
  onChange,
  suggestedLapsedDays,
}: Props) {
  const t = useTranslations("segments.builder");
  const [segment, setSegment] = useState<SegmentDefinition>(initial ?? EVERY_MEMBER);
  const { count, counting, failed } = useSegmentCount(businessId, segment);
  const set = (change: Partial<SegmentDefinition>) => {
    const next = { ...segment, ...change };
    setSegment(next);
    onChange?.(next);
  };
  const { days, closeToReward, top } = SEGMENT_LIMITS;
  return (
    <fieldset className="space-y-4">
      {/* The composer's section already shows this heading; the group keeps it for screen readers. */}
      <legend className="sr-only">{t("title")}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      <input type="hidden" name={name} value={JSON.stringify(segment)} />
      <SegmentNumberCondition
        label={t("lapsed.label")}
        unit={t("lapsed.unit")}
        value={segment.lapsedDays}
        start={suggestedLapsedDays ?? 30}
        {...days}
        hint={suggestedLapsedDays ? t("lapsed.suggestion", { days: suggestedLapsedDays }) : undefined}
        onChange={(lapsedDays) => set({ lapsedDays })}
      />
      <SegmentNumberCondition
        label={t("close.label")}
        unit={t("close.unit")}
        value={segment.closeToReward}
        start={2}
        {...closeToReward}
        onChange={(value) => set({ closeToReward: value })}
      />
      <SegmentNumberCondition
        label={t("newMembers.label")}
        unit={t("newMembers.unit")}
        value={segment.newDays}
        start={30}
        {...days}
        onChange={(newDays) => set({ newDays })}
      />
      <SegmentNumberCondition
        label={t("top.label")}
        unit={t("top.unit")}
        value={segment.topVisits}
        start={100}
        {...top}
        onChange={(topVisits) => set({ topVisits })}
      />
      <label className={checkbox}>
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={segment.rewardsReady}
          onChange={(event) => set({ rewardsReady: event.target.checked })}
        />
        {t("rewardsReady")}
      </label>
      <label className={checkbox}>
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={segment.birthdayThisMonth}
          onChange={(event) => set({ birthdayThisMonth: event.target.checked })}
        />
        {t("birthday")}
      </label>
      <label className="block space-y-1 text-sm font-medium">
        <span>{t("program.label")}</span>
        <select
          className={inputClass}
          value={segment.programId ?? ""}
          onChange={(event) => set({ programId: event.target.value || null })}
        >
          <option value="">{t("program.any")}</option>
          {programs.map((program) => (
            <option key={program.id} value={program.id}>
              {program.name}
            </option>
          ))}
        </select>
      </label>
      <label className={checkbox}>
        <input
          type="checkbox"
          role="switch"
          className="h-4 w-4"
          checked={segment.guests === "include"}
          onChange={(event) => set({ guests: event.target.checked ? "include" : "exclude" })}
        />
        {t("guests")}
      </label>
      <SegmentCountSummary count={count} counting={counting} failed={failed} />
    </fieldset>
  );
}
