"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { registerWebhookAction } from "@/lib/actions/webhooks";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/events";
import { eventLabelKey } from "@/components/webhooks/event-label";

/** The owner adds an endpoint: its URL and the events it takes; the list below refreshes after a success. */
export function RegisterWebhookForm({ businessId }: { businessId: string }) {
  const t = useTranslations("webhooks");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["visit.recorded"]);
  const [message, setMessage] = useState<{ ok: boolean; text: string; field?: boolean } | null>(null);
  const { disabled, run } = useRefreshAction();
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, type] : chosen.filter((item) => item !== type)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(
      () => registerWebhookAction({ businessId, url, events }),
      (result) => {
        if (result.ok) {
          setUrl("");
          setMessage({ ok: true, text: t("form.added") });
          return;
        }
        setMessage({ ok: false, text: result.fieldErrors?.url ?? result.error, field: true });
      },
    );
  };
  return (
    <ClientForm onSubmit={submit} noValidate className="space-y-3">
      <Field
        label={t("form.url")}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder={t("form.urlPlaceholder")}
        hint={t("form.urlHint")}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t("form.events")}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="events"
              value={type}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
            <span>
              {t(eventLabelKey(type))} <code className="text-xs text-slate-500">{type}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={disabled}>
        {t("form.submit")}
      </Button>
      {message?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {message.text}
        </p>
      ) : null}
      {message && !message.ok ? <FormAlert>{message.text}</FormAlert> : null}
    </ClientForm>
  );
}
