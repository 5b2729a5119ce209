"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { pauseBusinessAction, reopenBusinessAction } from "@/lib/actions/business-lifecycle";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

type Props = {
  businessId: string;
  /** Closed now: the form changes the reopening day, and "Reopen now" is offered. */
  closed: boolean;
  /** The reopening day set (YYYY-MM-DD), or null (until reopened, or open). */
  until: string | null;
  /** The days that may be picked, on the business's clock. */
  bounds: { min: string; max: string };
};

/** The owner's "Closed for the season": until a day, or until reopened; and "Reopen now" while closed. */
export function SeasonPauseForm({ businessId, closed, until, bounds }: Props) {
  const t = useTranslations("lifecycle.pause");
  const [mode, setMode] = useState<"date" | "reopen">(closed && !until ? "reopen" : "date");
  const [day, setDay] = useState(until ?? "");
  const [dayError, setDayError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { pending, disabled, run } = useRefreshAction();

  const close = (event: FormEvent) => {
    event.preventDefault();
    setDayError(null);
    run(
      () => pauseBusinessAction({ businessId, mode, until: mode === "date" ? day : undefined }),
      (result) => {
        if (result.ok) return setMessage({ ok: true, text: t("closed") });
        const error = result.fieldErrors?.until;
        if (error) setDayError(error);
        setMessage(error ? null : { ok: false, text: result.error });
      },
    );
  };
  const reopen = () =>
    run(
      () => reopenBusinessAction({ businessId }),
      (result) => setMessage(result.ok ? { ok: true, text: t("reopened") } : { ok: false, text: result.error }),
    );

  return (
    <div className="space-y-4">
      {closed ? (
        <Button type="button" onClick={reopen} disabled={disabled} data-testid="reopen-business">
          {t("reopen")}
        </Button>
      ) : null}
      <ClientForm onSubmit={close} noValidate className="max-w-md space-y-3">
        <fieldset className="space-y-2">
          <legend className="sr-only">{closed ? t("change") : t("submit")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="pause-mode"
              value="date"
              checked={mode === "date"}
              onChange={() => setMode("date")}
            />
            {t("untilDate")}
          </label>
          {mode === "date" ? (
            <Field
              id="pause-until"
              name="until"
              type="date"
              label={t("dateLabel")}
              hint={t("untilDateHint")}
              min={bounds.min}
              max={bounds.max}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              error={dayError ?? undefined}
            />
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="pause-mode"
              value="reopen"
              checked={mode === "reopen"}
              onChange={() => setMode("reopen")}
            />
            {t("untilReopened")}
          </label>
        </fieldset>
        <Button type="submit" variant={closed ? "secondary" : "primary"} disabled={pending}>
          {closed ? t("change") : t("submit")}
        </Button>
      </ClientForm>
      {message?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {message.text}
        </p>
      ) : null}
      {message && !message.ok ? <FormAlert>{message.text}</FormAlert> : null}
    </div>
  );
}
