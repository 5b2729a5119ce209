"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { LocationForm, type LocationFormValues } from "@/components/locations/location-form";
import { Button } from "@/components/ui/button";
import { ConfirmPrompt } from "@/components/ui/confirm-step";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { closeLocationAction, moveLocationAction, reopenLocationAction } from "@/lib/actions/locations";

type Props = {
  businessId: string;
  locationId: string;
  name: string;
  closed: boolean;
  /** Its place among the open ones: whether it can move up or down. */
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** The business's only open location: closing it is not offered (the server refuses it too). */
  onlyOpen: boolean;
  values: LocationFormValues;
  timezones: readonly string[];
  dayNames: readonly string[];
};

/** One location's buttons: edit (the form unfolds below), move up or down, close (asked first) or reopen. */
export function LocationControls(props: Props) {
  const { businessId, locationId, name, closed } = props;
  const t = useTranslations("locations.controls");
  const target = { businessId, locationId };
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  const done = (success?: string) => (result: { ok: boolean; error?: string }) => {
    setAsking(false);
    setError(result.ok ? null : (result.error ?? null));
    if (result.ok && success) toast.success(success);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          aria-expanded={editing}
          aria-label={t("editNamed", { name })}
          onClick={() => setEditing(!editing)}
        >
          {editing ? t("stopEditing") : t("edit")}
        </Button>
        {closed ? (
          <Button
            type="button"
            variant="secondary"
            disabled={disabled}
            aria-label={t("reopenNamed", { name })}
            onClick={() =>
              run(() => reopenLocationAction(target), done(t("reopened", { name })), { refresh: "always" })
            }
          >
            {t("reopen")}
          </Button>
        ) : (
          <>
            {props.canMoveUp ? (
              <Button
                type="button"
                variant="ghost"
                disabled={disabled}
                aria-label={t("moveUpNamed", { name })}
                onClick={() => run(() => moveLocationAction({ ...target, direction: "up" }), done())}
              >
                {t("moveUp")}
              </Button>
            ) : null}
            {props.canMoveDown ? (
              <Button
                type="button"
                variant="ghost"
                disabled={disabled}
                aria-label={t("moveDownNamed", { name })}
                onClick={() => run(() => moveLocationAction({ ...target, direction: "down" }), done())}
              >
                {t("moveDown")}
              </Button>
            ) : null}
            {props.onlyOpen ? null : (
              <Button
                type="button"
                variant="ghost"
                disabled={disabled}
                aria-label={t("closeNamed", { name })}
                onClick={() => setAsking(true)}
              >
                {t("close")}
              </Button>
            )}
          </>
        )}
      </div>
      {props.onlyOpen && !closed ? <p className="text-xs text-slate-500 dark:text-slate-400">{t("onlyOpen")}</p> : null}
      {asking ? (
        <ConfirmPrompt
          question={t("closeConfirm", { name })}
          confirm={t("closeYes")}
          cancel={t("cancel")}
          disabled={disabled}
          onConfirm={() => run(() => closeLocationAction(target), done(t("closed", { name })), { refresh: "always" })}
          onCancel={() => setAsking(false)}
        />
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {editing ? (
        <LocationForm
          businessId={businessId}
          locationId={locationId}
          initial={props.values}
          timezones={props.timezones}
          dayNames={props.dayNames}
          onSaved={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
