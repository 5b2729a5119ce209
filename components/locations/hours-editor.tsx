"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError, inputClass } from "@/components/ui/field";
import { MAX_RANGES_PER_DAY, rangeIndexes, WEEK_DAYS, type WeekDraft } from "@/lib/locations/hours";

// Suggested times of a new range: the first of a day, then an afternoon, then an evening.
const NEW_RANGES = [
  { opens: "09:00", closes: "14:00" },
  { opens: "17:00", closes: "20:00" },
  { opens: "21:00", closes: "23:00" },
];

type Props = {
  idPrefix: string;
  value: WeekDraft;
  onChange: (next: WeekDraft) => void;
  /** The days' names, Monday first, in the owner's language. */
  dayNames: readonly string[];
  /** Messages by index in the list the form sends (hoursOf). */
  errors: Record<number, string>;
  disabled?: boolean;
};

/** The week's opening hours, one day under the other (a phone's width): up to three ranges a day. */
export function HoursEditor({ idPrefix, value, onChange, dayNames, errors, disabled }: Props) {
  const t = useTranslations("locations.hours");
  const first = rangeIndexes(value);
  const setDay = (day: number, ranges: WeekDraft[number]) => onChange({ ...value, [day]: ranges });
  return (
    <div className="space-y-3">
      {WEEK_DAYS.map((day) => {
        const ranges = value[day] ?? [];
        const name = dayNames[day - 1] ?? String(day);
        return (
          <fieldset
            key={day}
            className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            data-testid={`hours-day-${day}`}
          >
            <legend className="px-1 text-sm font-medium">{name}</legend>
            {ranges.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t("closedDay")}</p>
            ) : null}
            {ranges.map((range, index) => {
              const at = first[day]! + index;
              const id = `${idPrefix}-${day}-${index}`;
              const update = (part: "opens" | "closes", time: string) =>
                setDay(
                  day,
                  ranges.map((r, i) => (i === index ? { ...r, [part]: time } : r)),
                );
              return (
                <div key={index} className="space-y-1">
                  {/* Opens and closes side by side at a phone's width; removing the range under them. */}
                  <div className="grid grid-cols-2 gap-2">
                    <label className="min-w-0 space-y-1 text-sm" htmlFor={`${id}-opens`}>
                      <span className="block">{t("opens")}</span>
                      <input
                        id={`${id}-opens`}
                        type="time"
                        value={range.opens}
                        onChange={(event) => update("opens", event.target.value)}
                        aria-label={t("opensOn", { day: name })}
                        aria-invalid={errors[at] ? true : undefined}
                        disabled={disabled}
                        className={inputClass}
                      />
                    </label>
                    <label className="min-w-0 space-y-1 text-sm" htmlFor={`${id}-closes`}>
                      <span className="block">{t("closes")}</span>
                      <input
                        id={`${id}-closes`}
                        type="time"
                        value={range.closes}
                        onChange={(event) => update("closes", event.target.value)}
                        aria-label={t("closesOn", { day: name })}
                        aria-invalid={errors[at] ? true : undefined}
                        disabled={disabled}
                        className={inputClass}
                      />
                    </label>
                  </div>
                  <div className="flex justify-end">
                    <Button
                      type="button"
                      variant="ghost"
                      className="px-2 py-1"
                      disabled={disabled}
                      aria-label={t("removeOn", { day: name })}
                      onClick={() =>
                        setDay(
                          day,
                          ranges.filter((_, i) => i !== index),
                        )
                      }
                    >
                      {t("remove")}
                    </Button>
                  </div>
                  {errors[at] ? <FieldError>{errors[at]}</FieldError> : null}
                </div>
              );
            })}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="secondary"
                disabled={disabled || ranges.length >= MAX_RANGES_PER_DAY}
                aria-label={t("addOn", { day: name })}
                onClick={() => setDay(day, [...ranges, NEW_RANGES[ranges.length] ?? NEW_RANGES[0]!])}
              >
                {t("add")}
              </Button>
              {day > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  disabled={disabled}
                  onClick={() => setDay(day, [...(value[day - 1] ?? [])])}
                >
                  {t("copyPrevious", { day: dayNames[day - 2] ?? "" })}
                </Button>
              ) : null}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
