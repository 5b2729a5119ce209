"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { LocationForm, type LocationFormValues } from "@/components/locations/location-form";
import { Button } from "@/components/ui/button";

type Props = {
  businessId: string;
  initial: LocationFormValues;
  timezones: readonly string[];
  dayNames: readonly string[];
};

/** "Add a location": the form unfolds under the button, and folds away once the location is added. */
export function AddLocation({ businessId, initial, timezones, dayNames }: Props) {
  const t = useTranslations("locations.add");
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-4">
      <Button type="button" variant={open ? "ghost" : "primary"} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("cancel") : t("button")}
      </Button>
      {open ? (
        <LocationForm
          businessId={businessId}
          initial={initial}
          timezones={timezones}
          dayNames={dayNames}
          onSaved={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
