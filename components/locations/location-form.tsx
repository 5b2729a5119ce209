"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { HoursEditor } from "@/components/locations/hours-editor";
import { useMessageText } from "@/components/i18n/use-message-text";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field, SelectField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { createLocationAction, updateLocationAction } from "@/lib/actions/locations";
import { draftOf, hoursOf, type OpeningRange } from "@/lib/locations/hours";
import { LOCATION_ADDRESS_MAX, LOCATION_NAME_MAX, locationInputSchema } from "@/lib/locations/input";
import { fieldErrorsOf } from "@/lib/validation/errors";

export type LocationFormValues = {
  name: string;
  address: string;
  placeId: string | null;
  timezone: string;
  openingHours: OpeningRange[];
};

type Props = {
  businessId: string;
  /** Absent: a new location. */
  locationId?: string;
  initial: LocationFormValues;
  timezones: readonly string[];
  dayNames: readonly string[];
  /** After a save: the page refreshes; the caller may fold the form away. */
  onSaved?: () => void;
};

/** Prefixed by "location." on the server (the action's argument), not in the browser's own check. */
const fieldOf = (path: string) => path.replace(/^location\./, "");

/**
 * A location's name, address, time zone and opening hours. Checked in the
 * browser with the server's own schema first, then saved; a refusal shows
 * beside its field and nothing is changed.
 */
export function LocationForm({ businessId, locationId, initial, timezones, dayNames, onSaved }: Props) {
  const t = useTranslations("locations.form");
  const text = useMessageText();
  const idPrefix = `location-${locationId ?? "new"}`;
  const [name, setName] = useState(initial.name);
  const [address, setAddress] = useState(initial.address);
  const [timezone, setTimezone] = useState(initial.timezone);
  const [week, setWeek] = useState(() => draftOf(initial.openingHours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();

  const show = (fieldErrors: Record<string, string>, error: string | null) => {
    setErrors(fieldErrors);
    setFormError(error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const location = {
      name,
      address,
      // The place named the old address: a new address drops it.
      placeId: address.trim() === initial.address.trim() ? initial.placeId : null,
      timezone,
      openingHours: hoursOf(week),
    };
    const checked = locationInputSchema.safeParse(location);
    if (!checked.success) {
      const found = Object.fromEntries(
        Object.entries(fieldErrorsOf(checked.error)).map(([path, shown]) => [path, text(shown) ?? ""]),
      );
      show(found, t("checkForm"));
      return;
    }
    run(
      () =>
        locationId
          ? updateLocationAction({ businessId, locationId, location })
          : createLocationAction({ businessId, location }),
      (result) => {
        if (!result.ok) {
          const found = Object.fromEntries(
            Object.entries(result.fieldErrors ?? {}).map(([path, shown]) => [fieldOf(path), shown]),
          );
          show(found, result.error);
          return;
        }
        show({}, null);
        toast.success(locationId ? t("saved") : t("added", { name: name.trim() }));
        if (!locationId) {
          setName("");
          setAddress("");
          setWeek(draftOf([]));
        }
        onSaved?.();
      },
    );
  };

  const hourErrors = Object.fromEntries(
    Object.entries(errors)
      .map(([path, shown]) => [/^openingHours\.(\d+)\./.exec(path)?.[1], shown] as const)
      .filter((entry): entry is readonly [string, string] => entry[0] !== undefined)
      .map(([index, shown]) => [Number(index), shown]),
  );

  return (
    <ClientForm
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={locationId ? t("editLabel") : t("newLabel")}
    >
      <Field
        id={`${idPrefix}-name`}
        label={t("name")}
        value={name}
        maxLength={LOCATION_NAME_MAX}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        disabled={disabled}
      />
      <Field
        id={`${idPrefix}-address`}
        label={t("address")}
        hint={t("addressHint")}
        value={address}
        maxLength={LOCATION_ADDRESS_MAX}
        autoComplete="street-address"
        onChange={(event) => setAddress(event.target.value)}
        error={errors.address ?? errors.placeId}
        disabled={disabled}
      />
      <SelectField
        id={`${idPrefix}-timezone`}
        label={t("timezone")}
        hint={t("timezoneHint")}
        value={timezone}
        onChange={(event) => setTimezone(event.target.value)}
        error={errors.timezone}
        disabled={disabled}
      >
        {timezones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("hours")}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("hoursHint")}</p>
        <HoursEditor
          idPrefix={idPrefix}
          value={week}
          onChange={setWeek}
          dayNames={dayNames}
          errors={hourErrors}
          disabled={disabled}
        />
        {errors.openingHours ? <FormAlert>{errors.openingHours}</FormAlert> : null}
      </fieldset>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" disabled={disabled} className="w-full sm:w-auto">
        {locationId ? t("save") : t("add")}
      </Button>
    </ClientForm>
  );
}
