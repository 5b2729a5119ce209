"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { resendWebhookAction } from "@/lib/actions/webhooks";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useRefreshAction } from "@/components/ui/use-refresh-action";

/** "Send again" on a message of the delivery log: one more attempt, shown in the log once made. */
export function ResendButton({ businessId, messageId }: { businessId: string; messageId: string }) {
  const t = useTranslations("webhooks.log");
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const { disabled, run } = useRefreshAction();
  return (
    <div className="space-y-1">
      <Button
        type="button"
        variant="secondary"
        disabled={disabled}
        onClick={() =>
          run(
            () => resendWebhookAction({ businessId, messageId }),
            (result) => setState(result.ok ? { ok: true, text: t("resent") } : { ok: false, text: result.error }),
          )
        }
      >
        {t("resend")}
      </Button>
      {state?.ok ? (
        <p role="status" className="text-xs">
          {state.text}
        </p>
      ) : null}
      {state && !state.ok ? <FormAlert>{state.text}</FormAlert> : null}
    </div>
  );
}
