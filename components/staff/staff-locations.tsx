"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { setStaffLocationsAction } from "@/lib/actions/staff";

// Where a staff member works (docs/locations.md, "Staff"): every location, or
// only those ticked. Shown by the staff page only when the business has more
// than one location.

export type StaffLocationOption = { id: string; name: string; closed: boolean };
export type StaffWhereValue = { allLocations: boolean; locationIds: string[] };

/** "All locations" or "Only at these locations" with a box per location, at least one ticked. */
export function StaffWhereFields({
  legend,
  locations,
  value,
  onChange,
  error,
}: {
  legend: string;
  locations: StaffLocationOption[];
  value: StaffWhereValue;
  onChange: (value: StaffWhereValue) => void;
  error?: string | null;
}) {
  const t = useTranslations("workLocations.staff");
  const id = useId();
  const toggle = (locationId: string, on: boolean) =>
    onChange({
      allLocations: false,
      locationIds: on ? [...value.locationIds, locationId] : value.locationIds.filter((l) => l !== locationId),
    });
  return (
    <fieldset className="space-y-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={`${id}-where`}
          checked={value.allLocations}
          onChange={() => onChange({ ...value, allLocations: true })}
        />
        <span>{t("all")}</span>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={`${id}-where`}
          checked={!value.allLocations}
          onChange={() => onChange({ ...value, allLocations: false })}
        />
        <span>{t("only")}</span>
      </label>
      {value.allLocations ? null : (
        <div className="space-y-1 ps-6">
          {locations.map((location) => (
            <label key={location.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={location.id}
                checked={value.locationIds.includes(location.id)}
                onChange={(event) => toggle(location.id, event.target.checked)}
              />
              <span className="break-words">
                {location.closed ? t("closed", { name: location.name }) : location.name}
              </span>
            </label>
          ))}
        </div>
      )}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

/** Whether the form's answer says where: all locations, or at least one ticked. */
export function staffWhereChosen(value: StaffWhereValue): boolean {
  return value.allLocations || value.locationIds.length > 0;
}

/** A staff member's row: where they work now, and the owner's change of it. */
export function StaffLocationsForm({
  businessId,
  member,
  locations,
}: {
  businessId: string;
  member: { userId: string; name: string } & StaffWhereValue;
  locations: StaffLocationOption[];
}) {
  const t = useTranslations("workLocations.staff");
  const errors = useTranslations("workLocations.errors");
  const [value, setValue] = useState<StaffWhereValue>({
    allLocations: member.allLocations,
    locationIds: member.locationIds,
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { disabled, run } = useRefreshAction();
  const names = locations.filter((l) => member.locationIds.includes(l.id)).map((l) => l.name);
  const save = () => {
    if (!staffWhereChosen(value)) return setMessage({ ok: false, text: errors("pickOne") });
    run(
      () => setStaffLocationsAction({ businessId, userId: member.userId, ...value }),
      (result) => setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: result.error }),
    );
  };
  return (
    <div className="space-y-1" data-testid="staff-works-at">
      <p>{member.allLocations ? t("all") : names.join(", ")}</p>
      <details>
        <summary className="cursor-pointer text-sm underline">{t("change", { name: member.name })}</summary>
        <form
          className="mt-2 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <StaffWhereFields
            legend={t("legend", { name: member.name })}
            locations={locations}
            value={value}
            onChange={(next) => {
              setValue(next);
              setMessage(null);
            }}
          />
          <Button type="submit" disabled={disabled}>
            {t("save")}
          </Button>
          {message?.ok ? <p role="status">{message.text}</p> : null}
          {message && !message.ok ? <FormAlert>{message.text}</FormAlert> : null}
        </form>
      </details>
    </div>
  );
}
