"use client";

import { useTranslations } from "next-intl";
import { useFormContext, useWatch } from "react-hook-form";
import { useMessageText } from "@/components/i18n/use-message-text";
import { FieldError } from "@/components/ui/field";
import { FormSection } from "@/components/ui/form-section";
import type { ProgramInput } from "@/lib/validation/programs";

export type ProgramLocationOption = { id: string; name: string; closed: boolean };

/**
 * "Runs at": every location of the business, or only those ticked (at least
 * one). Shown by the program form only when the business has more than one
 * location. A closed location is listed only while the program is set to it.
 */
export function ProgramLocationsField({ locations }: { locations: readonly ProgramLocationOption[] }) {
  const t = useTranslations("locations.programs");
  const text = useMessageText();
  const { control, setValue, formState } = useFormContext<ProgramInput>();
  const allLocations = useWatch({ control, name: "allLocations" }) ?? true;
  const chosen = useWatch({ control, name: "locationIds" }) ?? [];
  const options = locations.filter((location) => !location.closed || chosen.includes(location.id));
  const how = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const setAll = (all: boolean) => setValue("allLocations", all, how);
  const setChosen = (ids: string[]) => setValue("locationIds", ids, how);
  const error = formState.errors.locationIds?.message ?? formState.errors.allLocations?.message;
  return (
    <FormSection legend={t("runsAt")}>
      <div className="space-y-2" role="radiogroup" aria-label={t("runsAt")}>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="program-locations" checked={allLocations} onChange={() => setAll(true)} />
          {t("all")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="program-locations"
            checked={!allLocations}
            onChange={() => {
              setChosen(chosen);
              setAll(false);
            }}
          />
          {t("only")}
        </label>
      </div>
      {allLocations ? null : (
        <fieldset className="space-y-2 pl-6">
          <legend className="sr-only">{t("only")}</legend>
          {options.map((location) => (
            <label key={location.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={location.id}
                checked={chosen.includes(location.id)}
                onChange={(event) =>
                  setChosen(event.target.checked ? [...chosen, location.id] : chosen.filter((id) => id !== location.id))
                }
              />
              {location.closed ? t("closedOption", { name: location.name }) : location.name}
            </label>
          ))}
        </fieldset>
      )}
      {error ? <FieldError>{text(error)}</FieldError> : null}
    </FormSection>
  );
}
