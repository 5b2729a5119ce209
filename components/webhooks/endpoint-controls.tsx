"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import {
  deleteWebhookAction,
  revealWebhookSecretAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  setWebhookEnabledAction,
} from "@/lib/actions/webhooks";
import { Button } from "@/components/ui/button";
import { ConfirmPrompt } from "@/components/ui/confirm-step";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

type Props = { businessId: string; endpointId: string; enabled: boolean };

/** One endpoint's buttons: its secret (show, copy, renew), on or off, a test event, delete (asked first). */
export function EndpointControls({ businessId, endpointId, enabled }: Props) {
  const t = useTranslations("webhooks.list");
  const target = { businessId, endpointId };
  const [secret, setSecret] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<"delete" | "rotate" | null>(null);
  const { disabled, run } = useRefreshAction();
  const done = (text: string | null) => (result: { ok: boolean; error?: string }) => {
    setAsking(null);
    setError(result.ok ? null : (result.error ?? null));
    setNote(result.ok ? text : null);
  };
  const reveal = () =>
    run(
      () => revealWebhookSecretAction(target),
      (result) => {
        if (result.ok) setSecret(result.secret);
        done(null)(result);
      },
    );
  const rotate = () =>
    run(
      () => rotateWebhookSecretAction(target),
      (result) => {
        if (result.ok) setSecret(result.secret);
        done(t("rotated"))(result);
      },
    );
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setNote(t("copied"));
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{t("secret")}:</span>
        {secret ? (
          <code
            data-testid="webhook-secret"
            className="rounded bg-slate-100 px-2 py-1 text-xs break-all dark:bg-slate-800"
          >
            {secret}
          </code>
        ) : (
          <code className="text-xs">{t("secretHidden")}</code>
        )}
        {secret ? (
          <>
            <Button type="button" variant="secondary" onClick={copy}>
              {t("copy")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setSecret(null)}>
              {t("hide")}
            </Button>
          </>
        ) : (
          <Button type="button" variant="secondary" disabled={disabled} onClick={reveal}>
            {t("reveal")}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={disabled}
          onClick={() => run(() => setWebhookEnabledAction({ ...target, enabled: !enabled }), done(null))}
        >
          {enabled ? t("turnOff") : t("turnOn")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={disabled || !enabled}
          onClick={() => run(() => sendTestWebhookAction(target), done(t("testSent")))}
        >
          {t("test")}
        </Button>
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => setAsking("rotate")}>
          {t("rotate")}
        </Button>
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => setAsking("delete")}>
          {t("delete")}
        </Button>
      </div>
      {asking ? (
        <ConfirmPrompt
          question={asking === "delete" ? t("deleteConfirm") : t("rotateConfirm")}
          confirm={t("confirm")}
          cancel={t("cancel")}
          disabled={disabled}
          onConfirm={() =>
            asking === "delete" ? run(() => deleteWebhookAction(target), done(null), { refresh: "always" }) : rotate()
          }
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {note ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
          {note}
        </p>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
