"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";
import type { ActionFailure } from "@/lib/actions/result";
import type { Translated } from "@/lib/i18n/message";

/** The question of a confirm step, in the row itself: reachable by keyboard and announced. */
export function ConfirmPrompt({
  question,
  confirm,
  cancel,
  disabled,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirm: string;
  cancel: string;
  disabled: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="group" aria-live="polite" className="space-y-2">
      <p className="text-sm">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="primary" disabled={disabled} onClick={onConfirm}>
          {confirm}
        </Button>
        <Button type="button" variant="ghost" disabled={disabled} onClick={onCancel}>
          {cancel}
        </Button>
      </div>
    </div>
  );
}

/**
 * A button whose action needs a second press: the first asks (ConfirmPrompt),
 * the second runs it; the page refreshes after either answer, and a refusal is
 * shown under the button.
 */
export function ConfirmStepButton({
  labels,
  act,
}: {
  labels: { button: string; question: string; confirm: string; cancel: string };
  act: () => Promise<{ ok: true } | Translated<ActionFailure>>;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { disabled, run } = useRefreshAction();
  if (!asking)
    return (
      <div className="space-y-2">
        <Button type="button" variant="secondary" disabled={disabled} onClick={() => setAsking(true)}>
          {labels.button}
        </Button>
        {error ? <FormAlert>{error}</FormAlert> : null}
      </div>
    );
  return (
    <ConfirmPrompt
      question={labels.question}
      confirm={labels.confirm}
      cancel={labels.cancel}
      disabled={disabled}
      onCancel={() => setAsking(false)}
      onConfirm={() =>
        run(
          act,
          (result) => {
            setAsking(false);
            setError(result.ok ? null : result.error);
          },
          { refresh: "always" },
        )
      }
    />
  );
}
